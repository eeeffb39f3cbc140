// Moves as two small numbers defined by the board alone (docs/DATA_FORMAT.md,
// "Move coding"), so decoding needs no move generation and the meaning of a
// stored move never depends on the order a generator happens to produce:
//   source: the rank of the moving piece's square among the side to move's
//           pieces (ascending squares), or, for a drop, the number of pieces
//           on the board plus the rank of the dropped type among the types
//           in hand (ascending type);
//   target: the rank of the destination among the piece's attacked squares
//           not holding an own piece, or, for a drop, among the empty squares.
// Promotion is implied: in Mansindam it is mandatory for a promotable piece
// whose move starts or ends in the zone.
#pragma once

#include <cstdint>

#include "engine/core/position.h"

#ifdef __BMI2__
#include <immintrin.h>
#endif

namespace pantheon::data {

struct MoveCode {
    uint8_t source = 0;
    uint8_t target = 0;
    bool drop = false;  // drop targets and board targets are stored apart
};

// The n-th (from 0) set square of b, ascending; b must have more than n bits.
inline Square nth_square(Bitboard b, int n) {
    const uint64_t lo = uint64_t(b), hi = uint64_t(b >> 64);
    const int lo_count = __builtin_popcountll(lo);
    const uint64_t half = n < lo_count ? lo : hi;
    const int k = n < lo_count ? n : n - lo_count;
#ifdef __BMI2__
    const int index = __builtin_ctzll(_pdep_u64(uint64_t(1) << k, half));
#else
    uint64_t x = half;
    for (int i = 0; i < k; ++i) x &= x - 1;
    const int index = __builtin_ctzll(x);
#endif
    return Square(index + (n < lo_count ? 0 : 64));
}

inline int square_rank_in(Bitboard set, Square s) {
    return popcount(set & (bit(s) - 1));
}

inline Bitboard move_targets(const Position& pos, Square from) {
    const Color us = pos.side_to_move();
    return piece_attacks(us, type_of(pos.piece_on(from)), from, pos.pieces()) & ~pos.pieces(us);
}

inline Bitboard drop_targets(const Position& pos) {
    return ~pos.pieces() & geometry::ALL_SQUARES;
}

// The code of m, a legal move in pos.
MoveCode encode_move(const Position& pos, Move m);

// The move a code names in pos, or Move::none() if it names none. The result
// is pseudo-legal (it may leave the own king attacked) but never captures a
// king, so making it keeps the position well-formed; legality is checked by
// verification, not here.
inline Move decode_move(const Position& pos, uint8_t source, uint8_t target) {
    const Color us = pos.side_to_move();
    const Bitboard ours = pos.pieces(us);
    const int on_board = popcount(ours);
    if (source < on_board) {
        const Square from = nth_square(ours, source);
        const Bitboard targets = move_targets(pos, from);
        if (target >= popcount(targets)) return Move::none();
        const Square to = nth_square(targets, target);
        if (pos.piece_on(to) != NO_PIECE && type_of(pos.piece_on(to)) == KING) return Move::none();
        const PieceType pt = type_of(pos.piece_on(from));
        const bool promotes =
            is_promotable(pt) && (geometry::PROMOTION_ZONE[us] & (bit(from) | bit(to)));
        return Move::normal(from, to, promotes);
    }
    int k = source - on_board;
    for (int pt = 0; pt < HAND_TYPE_NB; ++pt) {
        if (!pos.hand_count(us, PieceType(pt)) || k-- > 0) continue;
        const Bitboard targets = drop_targets(pos);
        if (target >= popcount(targets)) return Move::none();
        return Move::drop(PieceType(pt), nth_square(targets, target));
    }
    return Move::none();
}

// Whether a stored source code is a drop (needed to pick the target stream
// before the target is read).
inline bool source_is_drop(const Position& pos, uint8_t source) {
    return source >= popcount(pos.pieces(pos.side_to_move()));
}

}  // namespace pantheon::data
