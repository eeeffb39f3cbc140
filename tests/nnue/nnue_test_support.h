// Helpers for the NNUE tests: nets from seeded random float weights, and a
// board adapter that shows a position rotated 180 degrees with colours swapped.
#pragma once

#include <cstdint>

#include "engine/core/position.h"
#include "nnue/random_network.h"

namespace pantheon::test {

using nnue::random_float_network;
using nnue::random_network;

// The position's twin: every piece moved to the 180-degree rotated square
// with its colour swapped, hands swapped, the other side to move.
struct RotatedSwapped {
    const Position& pos;
    static Square rotate(Square s) { return Square(SQUARE_NB - 1 - s); }
    Piece piece_on(Square s) const {
        const Piece p = pos.piece_on(rotate(s));
        return p == NO_PIECE ? p : make_piece(~color_of(p), type_of(p));
    }
    int hand_count(Color c, PieceType pt) const { return pos.hand_count(~c, pt); }
    Square king_square(Color c) const { return rotate(pos.king_square(~c)); }
    Color side_to_move() const { return ~pos.side_to_move(); }
};

}  // namespace pantheon::test
