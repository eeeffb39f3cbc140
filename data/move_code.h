// Moves as two small numbers defined by the board alone (docs/DATA_FORMAT.md,
// "Move coding"), so decoding needs no move generation and the meaning of a
// stored move never depends on the order a generator happens to produce:
//   source: the rank of the moving piece's square among the side to move's
//           pieces (ascending squares), or, for a drop, the number of pieces
//           on the board plus the rank of the dropped type among the types
//           in hand (ascending type);
//   target: the rank of the destination among the piece's attacked squares
//           not holding an own piece (in Pandemonium also a pawn's steps and
//           en passant squares, and a king's castling squares), or, for a
//           drop, among the empty squares.
// Promotion is implied where it is mandatory (a promotable piece whose move
// starts or ends in the zone; Pandemonium: pawns); where it is the mover's
// choice (Pandemonium's other pieces) one bit says whether it was taken
// (ply flags, chunk_codec.h).
#pragma once

#include <cstdint>

#include "engine/core/castling.h"
#include "engine/core/position.h"

#ifdef __BMI2__
#include <immintrin.h>
#endif

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

struct MoveCode {
    uint8_t source = 0;
    uint8_t target = 0;
    bool drop = false;                // drop targets and board targets are stored apart
    bool promotes_by_choice = false;  // an optional promotion taken (never in Mansindam)
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

// Pandemonium's pawn: captures onto enemy pieces and en passant squares, and
// its steps straight ahead over empty squares (up to three from its second
// rank, two from its third).
inline Bitboard pawn_targets(const Position& pos, Square from) {
    const Color us = pos.side_to_move();
    Bitboard t = geometry::PAWN_ATTACKS[us][from] & (pos.pieces(~us) | pos.ep_squares());
    const int rel = relative_rank(us, rank_of(from));
    const int steps = rel == 1 ? 3 : rel == 2 ? 2 : 1;
    const int forward = us == WHITE ? FILE_NB : -FILE_NB;
    int to = from;
    for (int k = 0; k < steps; ++k) {
        to += forward;
        if (to < 0 || to >= SQUARE_NB || (pos.pieces() & bit(Square(to)))) break;
        t |= bit(Square(to));
    }
    return t;
}

// A king's castling squares: the right held and every square between king
// and rook empty (whether the king passes attacked squares is legality).
inline Bitboard castling_targets(const Position& pos, Square from) {
    Bitboard t = 0;
    for (const castling::Wing& wing : castling::WINGS[pos.side_to_move()])
        if ((pos.castling_rights() & wing.right) && from == wing.king_from &&
            !(pos.pieces() & wing.must_be_empty))
            t |= bit(wing.king_to);
    return t;
}

inline Bitboard move_targets(const Position& pos, Square from) {
    const Color us = pos.side_to_move();
    const PieceType pt = type_of(pos.piece_on(from));
    if constexpr (Variant::pawn_multi_step) {
        if (pt == PAWN) return pawn_targets(pos, from);
    }
    Bitboard t = piece_attacks(us, pt, from, pos.pieces()) & ~pos.pieces(us);
    if constexpr (Variant::castling) {
        if (pt == KING) t |= castling_targets(pos, from);
    }
    return t;
}

// Whether the board move from -> to of a piece of type pt promotes or may:
// a promotable piece whose move starts or ends in the zone.
inline bool promotion_zone_move(Color us, PieceType pt, Square from, Square to) {
    return is_promotable(pt) && (geometry::PROMOTION_ZONE[us] & (bit(from) | bit(to)));
}

// Whether promotion is the mover's choice for m (Pandemonium: pieces other
// than pawns); then the code carries the choice.
inline bool promotion_is_choice(const Position& pos, Move m) {
    if constexpr (!Variant::promotion_optional) return false;
    if (m.is_drop()) return false;
    const PieceType pt = type_of(pos.piece_on(m.from()));
    return pt != PAWN && promotion_zone_move(pos.side_to_move(), pt, m.from(), m.to());
}

inline Bitboard drop_targets(const Position& pos) {
    return ~pos.pieces() & geometry::ALL_SQUARES;
}

// The code of m, a legal move in pos.
MoveCode encode_move(const Position& pos, Move m);

// The move a code names in pos, or Move::none() if it names none. The result
// is pseudo-legal (it may leave the own king attacked) but never captures a
// king, so making it keeps the position well-formed; legality is checked by
// verification, not here. `promote` is the choice where promotion is
// optional (ignored elsewhere; callers check it against promotion_is_choice).
inline Move decode_move(const Position& pos, uint8_t source, uint8_t target,
                        [[maybe_unused]] bool promote = false) {
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
        bool promotes = promotion_zone_move(us, pt, from, to);
        if constexpr (Variant::promotion_optional) {
            if (pt != PAWN) promotes = promotes && promote;
        }
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

PANTHEON_VARIANT_END
}  // namespace pantheon::data
