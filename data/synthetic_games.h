// Realistic-looking games without an engine, for tests and benchmarks of the
// format: random playouts (with a bias to captures, which fills the hands as
// real games do) and score sequences shaped like a search's (a drifting
// evaluation, search noise, occasional swings, mate scores at the end).
#pragma once

#include <cstdint>
#include <vector>

#include "data/game_record.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

struct SyntheticOptions {
    int max_plies = 300;           // longer games are adjudicated to the side ahead
    int random_opening_plies = 8;  // best move usually differs from played here
    double best_differs = 0.05;    // later plies: chance the played move was not the best
    double capture_bias = 0.6;     // chance to pick a capture when one exists
    bool custom_start = false;     // start from a random position (compact start coding)
};

GameRecord synthetic_game(uint64_t seed, const SyntheticOptions& options = {});
std::vector<GameRecord> synthetic_games(size_t count, uint64_t seed,
                                        const SyntheticOptions& options = {});

PANTHEON_VARIANT_END
}  // namespace pantheon::data
