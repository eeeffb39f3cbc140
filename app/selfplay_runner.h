// `pantheon selfplay` for every game: the run (selfplay_runner.cpp) is
// compiled once per game, each copy against its game's self-play; this
// header is variant-independent.
#pragma once

#include <string>

#include "selfplay/options.h"

namespace pantheon::app {

struct SelfplayCommand {
    selfplay::SelfplayOptions options;
    std::string shard;  // "K/N"; empty = from Slurm or 0/1
};

// `pantheon bench selfplay`: a fresh run in a temporary directory (or `keep`).
struct BenchSelfplayCommand {
    selfplay::SelfplayOptions run;
    std::string keep;  // keep the games in this directory instead of a temporary one
};

}  // namespace pantheon::app
