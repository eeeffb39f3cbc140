// Castling geometry (Pandemonium, seed 003): the king on its e-file square
// moves three squares towards an unmoved rook in the corner, and the rook
// lands right beside it on the other side (e1h1 with j1g1, e1b1 with a1c1).
// Variants without castling never use these tables.
#pragma once

#include <array>

#include "engine/core/bitboard.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

enum CastlingRight : uint8_t {
    NO_CASTLING = 0,
    WHITE_KINGSIDE = 1,
    WHITE_QUEENSIDE = 2,
    BLACK_KINGSIDE = 4,
    BLACK_QUEENSIDE = 8,
    ALL_CASTLING = 15,
};

namespace castling {

constexpr int KING_FILE = 4;  // e
constexpr int KING_TRAVEL = 3;
enum WingIndex { KINGSIDE, QUEENSIDE, WING_NB };
// FEN letters of the rights (white's; black's are lower case), by wing.
constexpr char WING_LETTER[WING_NB] = {'K', 'Q'};

struct Wing {
    CastlingRight right = NO_CASTLING;
    Square king_from = 0, king_to = 0, rook_from = 0, rook_to = 0;
    Bitboard must_be_empty = 0;  // every square between king and rook
    Bitboard king_path = 0;      // squares the king passes and lands on: not attacked
};

constexpr Wing make_wing(Color c, int wing) {
    const int rank = c == WHITE ? 0 : RANK_NB - 1;
    const int dir = wing == KINGSIDE ? 1 : -1;
    Wing w;
    w.right = CastlingRight((wing == KINGSIDE ? WHITE_KINGSIDE : WHITE_QUEENSIDE) << (2 * c));
    w.king_from = make_square(KING_FILE, rank);
    w.king_to = make_square(KING_FILE + dir * KING_TRAVEL, rank);
    w.rook_from = make_square(wing == KINGSIDE ? FILE_NB - 1 : 0, rank);
    w.rook_to = make_square(KING_FILE + dir * (KING_TRAVEL - 1), rank);
    for (int f = KING_FILE + dir; f != file_of(w.rook_from); f += dir)
        w.must_be_empty |= bit(make_square(f, rank));
    for (int k = 1; k <= KING_TRAVEL; ++k)
        w.king_path |= bit(make_square(KING_FILE + dir * k, rank));
    return w;
}

constexpr std::array<std::array<Wing, WING_NB>, COLOR_NB> WINGS = {{
    {make_wing(WHITE, KINGSIDE), make_wing(WHITE, QUEENSIDE)},
    {make_wing(BLACK, KINGSIDE), make_wing(BLACK, QUEENSIDE)},
}};

// Rights that a move starting or ending on the square removes: a king or a
// rook that leaves its square, or a rook captured on it, ends them for good
// (so a rook dropped there later never castles).
constexpr std::array<uint8_t, SQUARE_NB> make_rights_lost() {
    std::array<uint8_t, SQUARE_NB> t{};
    for (int c = 0; c < COLOR_NB; ++c)
        for (int w = 0; w < WING_NB; ++w) {
            const Wing& wing = WINGS[c][w];
            t[wing.king_from] |= wing.right;
            t[wing.rook_from] |= wing.right;
        }
    return t;
}
constexpr auto RIGHTS_LOST = make_rights_lost();

}  // namespace castling

PANTHEON_VARIANT_END
}  // namespace pantheon
