// `pantheon perft` and `pantheon bench perft` for every game: the counting
// code (perft_runner.cpp) is compiled once per game, each copy against its
// game's rules core, and cmd_perft.cpp / cmd_bench.cpp dispatch on --variant
// through game_commands.h. This header is variant-free.
#pragma once

#include <string>

namespace pantheon::app {

struct PerftRequest {
    std::string fen;  // empty: the variant's start position
    int depth = 1;
    bool divide = false;
    std::string suite;
    int max_depth = 0;  // 0: every depth listed in the suite
};

// `pantheon bench perft`: single-threaded perft speed, the best of `repeat` runs.
struct BenchPerftRequest {
    std::string fen;  // empty: the variant's start position
    int depth = 5;
    int repeat = 3;
};

}  // namespace pantheon::app
