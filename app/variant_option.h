// `--variant` for the subcommands that serve every game: the option, which
// refuses a name no game has (the dispatch to the game's half of a command is
// run_for_game.h).
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/games.h"

namespace pantheon::app {

// --variant's help for a command that plays the first game unless told:
// "Game: mansindam, pandemonium (default mansindam)".
inline std::string variant_option_help() {
    return "Game: " + game_names() + " (default " + std::string(VARIANT_NAMES[0]) + ")";
}

// Adds --variant, landing in `variant` (which holds the default).
inline CLI::Option* add_variant_option(CLI::App* cmd, const std::shared_ptr<std::string>& variant) {
    std::vector<std::string> names(std::begin(VARIANT_NAMES), std::end(VARIANT_NAMES));
    return cmd->add_option("--variant", *variant, variant_option_help())
        ->check(CLI::IsMember(names));
}

// Adds --variant for a command whose game comes from the data files it reads
// (train, tune, the data tools), landing in `variant` (empty until given, so
// help shows no default); `fallback` says what plays when no file names a game.
inline CLI::Option* add_data_variant_option(CLI::App* cmd, const std::shared_ptr<std::string>& variant,
                                            const char* fallback = nullptr) {
    std::vector<std::string> names(std::begin(VARIANT_NAMES), std::end(VARIANT_NAMES));
    return cmd
        ->add_option("--variant", *variant,
                     "Game: " + game_names() +
                         " (default: the game the data files name; files of another game are "
                         "refused" +
                         (fallback ? std::string("; ") + fallback : std::string()) + ")")
        ->check(CLI::IsMember(names));
}

inline std::shared_ptr<std::string> add_data_variant_option(CLI::App* cmd,
                                                            const char* fallback = nullptr) {
    auto variant = std::make_shared<std::string>();
    add_data_variant_option(cmd, variant, fallback);
    return variant;
}

// Adds --variant (default: the first of VARIANT_NAMES) and returns where it lands.
inline std::shared_ptr<std::string> add_variant_option(CLI::App* cmd) {
    auto variant = std::make_shared<std::string>(VARIANT_NAMES[0]);
    add_variant_option(cmd, variant);
    return variant;
}

}  // namespace pantheon::app
