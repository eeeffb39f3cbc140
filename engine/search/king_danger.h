// The hand-crafted evaluation's measure of danger to the two kings (hce.cpp):
// attacks on each king's zone, zone squares only the enemy covers, and
// checking drops from the enemy's hand, weighed by its tuned king-danger
// penalty. The nets under-weigh attacks with drops (docs/LOOP.md, "It is the
// net, not the search"), so the NNUE evaluator adds a share of this balance.
#pragma once

#include "engine/core/position.h"
#include "engine/search/search_params.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

// The enemy king's danger penalty less our own king's, in centipawns, from
// the side to move's point of view. At most KING_DANGER_MAX either way.
int king_danger_balance(const Position& pos);

// What the NNUE evaluation adds to the net's score: its share of the balance
// (params::NNUE_KING_DANGER_PERCENT); at 0 nothing, and no work.
inline int nnue_king_danger_term(const Position& pos) {
    if constexpr (params::NNUE_KING_DANGER_PERCENT == 0)
        return 0;
    else
        return params::NNUE_KING_DANGER_PERCENT * king_danger_balance(pos) / 100;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search
