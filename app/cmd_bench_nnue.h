// `pantheon bench nnue`'s request: what cmd_bench_nnue.cpp reads from the
// command line and the game's half (cmd_bench_nnue_game.cpp, compiled once
// per game, against its network) measures. Variant-free.
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
