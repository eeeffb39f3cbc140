// The engine's UCI options: how they are announced and applied.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/search/search.h"
#include "engine/uci/uci_parse.h"
#include "nnue/network.h"

namespace pantheon::uci {

// Session state an option can change besides the engine itself.
struct OptionState {
    int multipv = 1;
    bool use_nnue = false;                     // set by apply_default_evaluation
    std::string eval_file;                     // empty: the built-in net
    std::shared_ptr<const nnue::Network> net;  // loaded from eval_file, if any yet
};

// The evaluation a session starts with: the built-in net when this build has
// one (Use NNUE on, EvalFile empty), else the hand-crafted evaluation. False
// and an error if the built-in net does not load (the hand-crafted one stays).
bool apply_default_evaluation(search::Engine& engine, OptionState& state, std::string* error);

// The "option name ..." lines sent in reply to "uci".
std::vector<std::string> option_lines();
// Applies one setoption; false and an error for unknown names or bad values
// (a net that fails to load leaves the previous net and evaluator in place).
bool apply_option(const SetOption& opt, search::Engine& engine, OptionState& state,
                  std::string* error);

}  // namespace pantheon::uci
