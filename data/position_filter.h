// Which training positions a consumer keeps: `pantheon data filter` (which
// marks the others excluded), the trainer's stream and the tuner. One
// variant-free struct, so the app fills it from the command line
// (app/filter_options.h) before it knows the game; data::filter_keeps
// (data/dataset_transform.h) applies it.
#pragma once

#include <cstdint>

namespace pantheon::data {

struct PositionFilter {
    int min_ply = 0;
    int max_ply = INT32_MAX;
    int max_abs_score = 32000;        // SCORE_LIMIT (data/game_record.h): every score
    bool drop_in_check = false;       // side to move in check
    bool drop_tactical_best = false;  // best move is a capture or a promotion
};

}  // namespace pantheon::data
