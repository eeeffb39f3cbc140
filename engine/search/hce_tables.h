// Piece-square tables of the hand-crafted evaluation, built at compile time
// from the shapes in eval_params.h. Values include the board material.
#pragma once

#include <array>

#include "engine/core/bitboard.h"
#include "engine/search/eval_params.h"

namespace pantheon::search::hce {
PANTHEON_VARIANT_BEGIN

// The promoted pawn and knight (Mansindam: guard, centaur; Pandemonium:
// gilding, scepter), valued by how far they have advanced.
constexpr bool advances_like_guard(int pt) {
    return pt == PAWN + PROMOTION_OFFSET || pt == KNIGHT + PROMOTION_OFFSET;
}

// 0 on the rim, 4 in the centre of the 9x9 board (the same rings on 10x10).
constexpr int centrality(Square s) {
    const int f = file_of(s), r = rank_of(s);
    const int df = f < FILE_NB - 1 - f ? f : FILE_NB - 1 - f;
    const int dr = r < RANK_NB - 1 - r ? r : RANK_NB - 1 - r;
    return df < dr ? df : dr;
}

using PieceSquareTable =
    std::array<std::array<std::array<int, SQUARE_NB>, PIECE_TYPE_NB>, COLOR_NB>;

constexpr PieceSquareTable make_psqt() {
    using namespace eval_params;
    PieceSquareTable t{};
    for (int c = 0; c < COLOR_NB; ++c)
        for (int pt = 0; pt < PIECE_TYPE_NB; ++pt)
            for (int s = 0; s < SQUARE_NB; ++s) {
                const int rr = relative_rank(Color(c), rank_of(Square(s)));
                int v = BOARD_VALUE[pt] + CENTRALITY[pt] * centrality(Square(s));
                if (pt == PAWN) v += PAWN_ADVANCE[rr];
                if (advances_like_guard(pt)) v += GUARD_ADVANCE[rr];
                t[c][pt][s] = v;
            }
    return t;
}
inline constexpr PieceSquareTable PSQT = make_psqt();

// The king's neighbourhood (3x3 block around each square).
constexpr std::array<Bitboard, SQUARE_NB> make_king_zones() {
    std::array<Bitboard, SQUARE_NB> z{};
    for (int s = 0; s < SQUARE_NB; ++s)
        z[s] = geometry::LEAPER_ATTACKS[WHITE][KING][s] | bit(Square(s));
    return z;
}
inline constexpr auto KING_ZONE = make_king_zones();

// Squares within two steps of each square (5x5 block): where drops threaten the king.
constexpr std::array<Bitboard, SQUARE_NB> make_king_surroundings() {
    std::array<Bitboard, SQUARE_NB> z{};
    for (int s = 0; s < SQUARE_NB; ++s)
        for (int t = 0; t < SQUARE_NB; ++t) {
            const int df = file_of(Square(s)) - file_of(Square(t));
            const int dr = rank_of(Square(s)) - rank_of(Square(t));
            if (df >= -2 && df <= 2 && dr >= -2 && dr <= 2) z[s] |= bit(Square(t));
        }
    return z;
}
inline constexpr auto KING_SURROUNDINGS = make_king_surroundings();

PANTHEON_VARIANT_END
}  // namespace pantheon::search::hce
