// Static exchange evaluation: the material outcome of the capture sequence on
// one square. In a drop game a capture swings twice (the victim leaves the
// board and joins the captor's hand), so exchange values are board + hand.
#pragma once

#include <array>

#include "engine/core/position.h"
#include "engine/search/eval_params.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

constexpr int see_value(PieceType pt) {
    return pt == KING ? 50000
                      : eval_params::BOARD_VALUE[pt] + eval_params::HAND_VALUE[unpromote(pt)];
}

// Whether the exchange started by m gains at least threshold for the side to move.
bool see_ge(const Position& pos, Move m, int threshold);

PANTHEON_VARIANT_END
}  // namespace pantheon::search
