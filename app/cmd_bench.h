// `pantheon bench perft`'s request: what cmd_bench.cpp reads from the command
// line and the game's half (cmd_bench_game.cpp, compiled once per game)
// times. Variant-free.
#pragma once

#include <string>

namespace pantheon::app {

// Single-threaded perft speed, the best of `repeat` runs.
struct BenchPerftRequest {
    std::string fen;  // empty: the variant's start position
    int depth = 5;
    int repeat = 3;
};

}  // namespace pantheon::app
