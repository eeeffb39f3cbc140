// Which training positions a run keeps, as the trainer's and the tuner's
// options hold it: variant-free, so that `pantheon train` and `pantheon tune`
// can fill their configurations before they know the game, and converted to
// the data library's filter (data/dataset_transform.h) by the variant's code.
#pragma once

#include <cstdint>

#include "data/dataset_transform.h"

namespace pantheon::trainer {

// Not in the variant namespace: the same type for both games.
struct PositionFilter {
    int min_ply = 0;
    int max_ply = INT32_MAX;
    int max_abs_score = 32000;        // data::SCORE_LIMIT
    bool drop_in_check = false;       // side to move in check
    bool drop_tactical_best = false;  // best move is a capture or a promotion
};

PANTHEON_VARIANT_BEGIN

static_assert(PositionFilter{}.max_abs_score == data::SCORE_LIMIT);

inline data::FilterOptions to_data_filter(const PositionFilter& f) {
    return {.min_ply = f.min_ply,
            .max_ply = f.max_ply,
            .max_abs_score = f.max_abs_score,
            .drop_in_check = f.drop_in_check,
            .drop_tactical_best = f.drop_tactical_best};
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
