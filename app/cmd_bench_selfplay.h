// `pantheon bench selfplay`'s request: what cmd_bench_selfplay.cpp reads from
// the command line and the game's half (cmd_bench_selfplay_game.cpp,
// compiled once per game) measures. Variant-free.
#pragma once

#include <string>

#include "selfplay/options.h"

namespace pantheon::app {

// A fresh run in a temporary directory (or `keep`).
struct BenchSelfplayCommand {
    selfplay::SelfplayOptions run;
    std::string keep;  // keep the games in this directory instead of a temporary one
};

}  // namespace pantheon::app
