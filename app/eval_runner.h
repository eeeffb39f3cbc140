// `pantheon eval` for both games: the evaluation (eval_runner.cpp) is compiled
// once per variant, each copy against its game's rules, evaluation and nets,
// and cmd_eval.cpp dispatches on --variant. This header is variant-independent.
#pragma once

#include <string>

namespace pantheon::app {

struct EvalRequest {
    std::string fen;  // empty: the game's start position
    std::string net;  // empty: the game's built-in net
};

// Exit status: 0 printed, 2 bad input (FEN, net file).
int run_eval_mansindam(const EvalRequest& request);
int run_eval_pandemonium(const EvalRequest& request);

}  // namespace pantheon::app
