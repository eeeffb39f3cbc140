// The engine's UCI options: how they are announced and applied.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/search/search.h"
#include "engine/uci/uci_parse.h"
#include "nnue/network.h"

namespace pantheon::uci {
PANTHEON_VARIANT_BEGIN

// Session state an option can change besides the engine itself.
struct OptionState {
    int multipv = 1;
    bool use_nnue = false;                     // set by apply_default_evaluation
    std::string eval_file;                     // empty: the built-in net
    std::shared_ptr<const nnue::Network> net;  // loaded from eval_file, if any yet
};

// Whether sessions start on the built-in net (Use NNUE on, EvalFile empty):
// only when the build has one and it is the chosen default (uci_options.cpp).
bool use_nnue_by_default();
// The evaluation a session starts with: the built-in net if
// use_nnue_by_default(), else the hand-crafted evaluation. False and an error
// if the built-in net does not load (the hand-crafted one stays).
bool apply_default_evaluation(search::Engine& engine, OptionState& state, std::string* error);

// The "option name ..." lines sent in reply to "uci"; UCI_Variant shows
// default_variant as its default.
std::vector<std::string> option_lines(std::string_view default_variant);
// Applies one setoption; false and an error for unknown names or bad values
// (a net that fails to load leaves the previous net and evaluator in place).
bool apply_option(const SetOption& opt, search::Engine& engine, OptionState& state,
                  std::string* error);

// What a session of another game continues with when UCI_Variant changes:
// the search's resources and output options, not the evaluation (a net is
// made for one game).
std::vector<SetOption> carried_options(const search::Engine& engine, const OptionState& state);

PANTHEON_VARIANT_END
}  // namespace pantheon::uci
