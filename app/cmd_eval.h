// `pantheon eval`'s request: what cmd_eval.cpp reads from the command line
// and the game's half (cmd_eval_game.cpp, compiled once per game, against its
// rules, evaluation and nets) prints. Variant-free.
#pragma once

#include <string>

namespace pantheon::app {

struct EvalRequest {
    std::string fen;  // empty: the game's start position
    std::string net;  // empty: the game's built-in net
};

}  // namespace pantheon::app
