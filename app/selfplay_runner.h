// `pantheon selfplay` for both games: the run (selfplay_runner.cpp) is
// compiled once per variant, each copy against its game's self-play; this
// header is variant-independent.
#pragma once

#include <string>

#include "selfplay/options.h"

namespace pantheon::app {

struct SelfplayCommand {
    selfplay::SelfplayOptions options;
    std::string shard;  // "K/N"; empty = from Slurm or 0/1
};

// Exit status: 0 done, 1 a failure while playing or writing, 2 bad options.
int run_selfplay_mansindam(const SelfplayCommand& command);
int run_selfplay_pandemonium(const SelfplayCommand& command);

// `pantheon bench selfplay`: a fresh run in a temporary directory (or `keep`).
struct BenchSelfplayCommand {
    selfplay::SelfplayOptions run;
    std::string keep;  // keep the games in this directory instead of a temporary one
};

int run_bench_selfplay_mansindam(const BenchSelfplayCommand& command);
int run_bench_selfplay_pandemonium(const BenchSelfplayCommand& command);

}  // namespace pantheon::app
