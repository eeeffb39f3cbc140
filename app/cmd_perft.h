// `pantheon perft`'s request: what cmd_perft.cpp reads from the command line
// and the game's half (cmd_perft_game.cpp, compiled once per game, against
// its rules core) counts. Variant-free.
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

}  // namespace pantheon::app
