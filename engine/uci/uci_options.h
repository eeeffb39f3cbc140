// The engine's UCI options: how they are announced and applied.
#pragma once

#include <string>
#include <vector>

#include "engine/search/search.h"
#include "engine/uci/uci_parse.h"

namespace pantheon::uci {

// Session state an option can change besides the engine itself.
struct OptionState {
    int multipv = 1;
};

// The "option name ..." lines sent in reply to "uci".
std::vector<std::string> option_lines();
// Applies one setoption; false and an error for unknown names or bad values.
bool apply_option(const SetOption& opt, search::Engine& engine, OptionState& state,
                  std::string* error);

}  // namespace pantheon::uci
