// `--variant` for the subcommands that serve both games: the option itself
// and the dispatch to the variant's half of a command (each half compiled
// against its game's libraries, see app/CMakeLists.txt).
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/variant.h"

namespace pantheon::app {

// Adds --variant, landing in `variant` (which holds the default).
inline CLI::Option* add_variant_option(CLI::App* cmd, const std::shared_ptr<std::string>& variant) {
    std::vector<std::string> names(std::begin(VARIANT_NAMES), std::end(VARIANT_NAMES));
    return cmd
        ->add_option("--variant", *variant,
                     "Game: " + CLI::detail::join(names, ", ") + " (default " + names[0] + ")")
        ->check(CLI::IsMember(names));
}

// Adds --variant (default: the first of VARIANT_NAMES) and returns where it lands.
inline std::shared_ptr<std::string> add_variant_option(CLI::App* cmd) {
    auto variant = std::make_shared<std::string>(VARIANT_NAMES[0]);
    add_variant_option(cmd, variant);
    return variant;
}

// Runs the half of a command that plays the named game.
template <class Request>
int run_for_variant(const std::string& variant, const Request& request,
                    int (*mansindam)(const Request&), int (*pandemonium)(const Request&)) {
    return variant == "pandemonium" ? pandemonium(request) : mansindam(request);
}

}  // namespace pantheon::app
