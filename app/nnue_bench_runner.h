// `pantheon bench nnue` for both games: the measurement (nnue_bench_runner.cpp)
// is compiled once per variant, each copy against its game's network; this
// header is variant-independent.
#pragma once

#include <string>

namespace pantheon::app {

struct BenchNnueRequest {
    std::string net;          // empty: the game's built-in net, else a seeded random one
    int games = 20;           // random games whose positions are evaluated
    int plies = 120;          // plies per game (fewer when a game ends)
    int repeats = 20;         // passes over the positions per measurement
    std::string save_random;  // write the seeded random net here and stop
};

// Exit status: 0 measured, 1 SIMD and scalar results differ, 2 bad input.
int run_bench_nnue_mansindam(const BenchNnueRequest& request);
int run_bench_nnue_pandemonium(const BenchNnueRequest& request);

}  // namespace pantheon::app
