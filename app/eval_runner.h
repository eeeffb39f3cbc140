// `pantheon eval` for every game: the evaluation (eval_runner.cpp) is compiled
// once per game, each copy against its game's rules, evaluation and nets, and
// cmd_eval.cpp dispatches on --variant through game_commands.h. This header
// is variant-free.
#pragma once

#include <string>

namespace pantheon::app {

struct EvalRequest {
    std::string fen;  // empty: the game's start position
    std::string net;  // empty: the game's built-in net
};

}  // namespace pantheon::app
