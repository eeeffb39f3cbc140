// `pantheon bench nnue` for every game: the measurement (nnue_bench_runner.cpp)
// is compiled once per game, each copy against its game's network; this
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

}  // namespace pantheon::app
