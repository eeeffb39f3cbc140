// Basic value types: colors, squares, pieces, moves.
#pragma once

#include <cstdint>

#include "engine/core/variant.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

constexpr int FILE_NB = Variant::files;
constexpr int RANK_NB = Variant::ranks;
constexpr int SQUARE_NB = FILE_NB * RANK_NB;

enum Color : uint8_t { WHITE, BLACK, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Square index = rank * FILE_NB + file; a1 = 0.
using Square = uint8_t;
constexpr Square SQ_NONE = 0xFF;
constexpr int file_of(Square s) { return s % FILE_NB; }
constexpr int rank_of(Square s) { return s / FILE_NB; }
constexpr Square make_square(int file, int rank) { return Square(rank * FILE_NB + file); }
constexpr bool on_board(int file, int rank) {
    return file >= 0 && file < FILE_NB && rank >= 0 && rank < RANK_NB;
}
// Rank counted from the given side's own back rank (0 = own back rank).
constexpr int relative_rank(Color c, int rank) { return c == WHITE ? rank : RANK_NB - 1 - rank; }

constexpr bool is_promotable(PieceType pt) { return pt < PROMOTABLE_NB; }
constexpr bool is_promoted(PieceType pt) { return pt >= PROMOTION_OFFSET; }
constexpr PieceType promote(PieceType pt) { return PieceType(pt + PROMOTION_OFFSET); }
constexpr PieceType unpromote(PieceType pt) {
    return is_promoted(pt) ? PieceType(pt - PROMOTION_OFFSET) : pt;
}

// Piece = color << 4 | (type + 1); 0 is an empty square.
enum Piece : uint8_t { NO_PIECE = 0, PIECE_NB = 32 };
constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 4) | (pt + 1)); }
constexpr PieceType type_of(Piece p) { return PieceType((p & 15) - 1); }
constexpr Color color_of(Piece p) { return Color(p >> 4); }

// A move in 16 bits: to (7 bits), from (7 bits), promotion flag. A drop stores
// SQUARE_NB + dropped type in the from field. The all-zero value is no move.
class Move {
public:
    constexpr Move() = default;
    constexpr explicit Move(uint16_t raw) : raw_(raw) {}
    static constexpr Move normal(Square from, Square to, bool promotion = false) {
        return Move(uint16_t(to | (from << 7) | (promotion ? 1 << 14 : 0)));
    }
    static constexpr Move drop(PieceType pt, Square to) {
        return Move(uint16_t(to | ((SQUARE_NB + pt) << 7)));
    }
    static constexpr Move none() { return Move(); }

    constexpr Square to() const { return Square(raw_ & 0x7F); }
    constexpr Square from() const { return Square((raw_ >> 7) & 0x7F); }
    constexpr bool is_drop() const { return from() >= SQUARE_NB; }
    constexpr PieceType dropped() const { return PieceType(from() - SQUARE_NB); }
    constexpr bool is_promotion() const { return raw_ & (1 << 14); }
    constexpr uint16_t raw() const { return raw_; }
    constexpr explicit operator bool() const { return raw_ != 0; }
    constexpr bool operator==(const Move&) const = default;

private:
    uint16_t raw_ = 0;
};
static_assert(SQUARE_NB + HAND_TYPE_NB <= 128, "move encoding needs 7-bit squares");

using Key = uint64_t;

PANTHEON_VARIANT_END
}  // namespace pantheon
