#include "data/move_code.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

MoveCode encode_move(const Position& pos, Move m) {
    const Color us = pos.side_to_move();
    const Bitboard ours = pos.pieces(us);
    if (m.is_drop()) {
        int held_before = 0;
        for (int pt = 0; pt < m.dropped(); ++pt)
            held_before += pos.hand_count(us, PieceType(pt)) > 0;
        return {uint8_t(popcount(ours) + held_before),
                uint8_t(square_rank_in(drop_targets(pos), m.to())), true};
    }
    return {uint8_t(square_rank_in(ours, m.from())),
            uint8_t(square_rank_in(move_targets(pos, m.from()), m.to())), false,
            m.is_promotion() && promotion_is_choice(pos, m)};
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
