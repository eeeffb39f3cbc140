// The game a command that reads data files plays (train, bench train, tune,
// every `data` tool): the one the files' headers name, checked against
// --variant when it was given. Variant-free.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace pantheon::app {

// --variant's value when the command line gave it, else empty.
inline std::string given_variant(const CLI::App* cmd, const std::string& variant) {
    return cmd->count("--variant") ? variant : std::string();
}

// The files' game, checked against `given` (empty: not given). False with a
// message when the files hold another game than `given` or one this binary
// does not play (engine/core/games.h); when no file names a game (none
// given, or unreadable or mixed inputs, which the run itself then reports),
// the given variant or the default.
bool resolve_data_variant(const std::vector<std::string>& data, const std::string& given,
                          std::string& variant, std::string* error);

}  // namespace pantheon::app
