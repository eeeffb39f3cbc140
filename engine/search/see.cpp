#include "engine/search/see.h"

#include <algorithm>

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

namespace {

// Piece types from the cheapest to the dearest exchange value, king last.
constexpr std::array<PieceType, PIECE_TYPE_NB> make_see_order() {
    std::array<PieceType, PIECE_TYPE_NB> order{};
    for (int i = 0; i < PIECE_TYPE_NB; ++i) order[i] = PieceType(i);
    for (int i = 1; i < PIECE_TYPE_NB; ++i)  // insertion sort (constexpr friendly)
        for (int j = i; j > 0 && see_value(order[j]) < see_value(order[j - 1]); --j)
            std::swap(order[j], order[j - 1]);
    return order;
}
constexpr auto SEE_ORDER = make_see_order();

}  // namespace

bool see_ge(const Position& pos, Move m, int threshold) {
    const Color us = pos.side_to_move();
    const Square to = m.to();
    Bitboard occupied = pos.pieces() | bit(to);
    PieceType on_square;  // what stands on `to` after m
    int gain = 0;
    if (m.is_drop()) {
        on_square = m.dropped();
    } else {
        on_square = type_of(pos.piece_on(m.from()));
        const Square taken_from = pos.capture_square(m);
        const Piece captured = pos.piece_on(taken_from);
        if (captured != NO_PIECE) gain = see_value(type_of(captured));
        if (m.is_promotion()) {
            gain +=
                eval_params::BOARD_VALUE[promote(on_square)] - eval_params::BOARD_VALUE[on_square];
            on_square = promote(on_square);
        }
        occupied ^= bit(m.from());
        // En passant empties the passed pawn's square too (what stood behind it may join in).
        if (taken_from != to) occupied ^= bit(taken_from);
    }

    int swap = gain - threshold;
    if (swap < 0) return false;
    swap = see_value(on_square) - swap;
    if (swap <= 0) return true;

    Color stm = us;
    Bitboard attackers = pos.attackers_to(to, occupied);
    const Bitboard orthogonal = pos.movers(MOVE_ROOK), diagonal = pos.movers(MOVE_BISHOP);
    int res = 1;
    for (;;) {
        stm = ~stm;
        attackers &= occupied;
        const Bitboard stm_attackers = attackers & pos.pieces(stm);
        if (!stm_attackers) break;
        res ^= 1;
        PieceType pt = KING;
        Bitboard pick = 0;
        for (PieceType t : SEE_ORDER)
            if ((pick = stm_attackers & pos.pieces(t))) {
                pt = t;
                break;
            }
        if (pt == KING) return (attackers & pos.pieces(~stm)) ? !res : res;
        if ((swap = see_value(pt) - swap) < res) break;
        occupied ^= bit(lsb(pick));
        attackers |=
            (rook_attacks(to, occupied) & orthogonal) | (bishop_attacks(to, occupied) & diagonal);
    }
    return res;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search
