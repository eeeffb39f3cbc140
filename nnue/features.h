// The network's input features, defined once for the engine and the trainer.
//
// Feature set "KB-PSH" (king-bucketed piece-square plus hand counts), seen from
// one side's perspective:
//   - The board is oriented so the perspective's pieces play upwards: Black's
//     view is the board rotated 180 degrees (the start position maps onto
//     itself). When the perspective's king stands right of the centre file,
//     the view is also mirrored left-right (the rules are symmetric), so king
//     buckets cover only the left half and the centre file.
//   - Every piece on the board, kings included, activates one feature: the
//     king bucket, the piece's plane (own or their side, times its type) and
//     its oriented square.
//   - A hand holding n pieces of a type activates n features, "holds at least
//     i" for i = 1..n, so a capture or a drop changes exactly one feature.
// Every non-king piece of the game is either on the board or in a hand, so a
// perspective always has exactly ACTIVE_FEATURES features active.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/bitboard.h"
#include "engine/core/position.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

using FeatureIndex = uint32_t;

namespace features {

// --- king buckets ------------------------------------------------------------
// Indexed by the perspective's oriented king square after mirroring (so only
// files a..e occur). Chosen for where kings live in this variant: the home
// rank is split finely, the second rank in two, and the king's advance beyond
// its third rank (a campmate race) is coarse.
constexpr int KING_BUCKET_NB = 8;
constexpr int MIRROR_FILE_FIRST = FILE_NB / 2 + 1;  // files from here on are mirrored

constexpr std::array<int8_t, SQUARE_NB> make_king_buckets() {
    std::array<int8_t, SQUARE_NB> b{};
    for (int s = 0; s < SQUARE_NB; ++s) {
        const int f = file_of(Square(s)), r = rank_of(Square(s));
        const int mf = f < MIRROR_FILE_FIRST ? f : FILE_NB - 1 - f;
        int bucket;
        if (r == 0)
            bucket = mf <= 1 ? 0 : mf <= 3 ? 1 : 2;
        else if (r == 1)
            bucket = mf <= 1 ? 3 : 4;
        else if (r == 2)
            bucket = 5;
        else if (r <= 4)
            bucket = 6;
        else
            bucket = 7;
        b[s] = int8_t(bucket);
    }
    return b;
}
constexpr auto KING_BUCKET = make_king_buckets();

// --- sizes ---------------------------------------------------------------------
constexpr int PIECE_PLANE_NB = 2 * PIECE_TYPE_NB;  // own types, then their types
constexpr int BOARD_FEATURE_NB = PIECE_PLANE_NB * SQUARE_NB;

constexpr std::array<int, HAND_TYPE_NB + 1> make_hand_offsets() {
    std::array<int, HAND_TYPE_NB + 1> o{};
    for (int pt = 0; pt < HAND_TYPE_NB; ++pt) o[pt + 1] = o[pt] + MATERIAL_TOTAL[pt];
    return o;
}
// HAND_OFFSET[pt] is the first "holds at least 1" slot of type pt in one side's
// hand block; HAND_OFFSET[HAND_TYPE_NB] is the block's size.
constexpr auto HAND_OFFSET = make_hand_offsets();
constexpr int HAND_SLOTS_PER_SIDE = HAND_OFFSET[HAND_TYPE_NB];
constexpr int HAND_FEATURE_NB = 2 * HAND_SLOTS_PER_SIDE;  // own hand, then their hand

constexpr int FEATURES_PER_BUCKET = BOARD_FEATURE_NB + HAND_FEATURE_NB;
constexpr int DIMENSIONS = KING_BUCKET_NB * FEATURES_PER_BUCKET;

// Pieces of the game: all hand-able material plus the two kings.
constexpr int ACTIVE_FEATURES = HAND_SLOTS_PER_SIDE + 2;
// A move changes at most this many features of one perspective (a capture:
// mover off and on, victim off, one hand slot on).
constexpr int MAX_CHANGED_FEATURES = 4;

// Identifies this feature set (layout and sizes) in net files.
constexpr uint32_t FEATURE_SET_ID =
    0x4B425000u ^ uint32_t(DIMENSIONS) ^ (uint32_t(KING_BUCKET_NB) << 24);

// --- indexing ------------------------------------------------------------------
// The perspective's view of the board, fixed by its king square.
struct View {
    Color perspective;
    bool mirrored;
    int bucket_base;  // bucket * FEATURES_PER_BUCKET
};

constexpr Square orient(Color perspective, bool mirrored, Square s) {
    const Square r = perspective == WHITE ? s : Square(SQUARE_NB - 1 - s);
    return mirrored ? make_square(FILE_NB - 1 - file_of(r), rank_of(r)) : r;
}

// own_king: the perspective's king square (board coordinates).
constexpr View make_view(Color perspective, Square own_king) {
    const Square k = orient(perspective, false, own_king);
    const bool mirrored = file_of(k) >= MIRROR_FILE_FIRST;
    return View{perspective, mirrored, KING_BUCKET[k] * FEATURES_PER_BUCKET};
}

// orient() as a table [perspective][mirrored][square], for the hot loops.
constexpr std::array<std::array<std::array<uint8_t, SQUARE_NB>, 2>, COLOR_NB> make_oriented() {
    std::array<std::array<std::array<uint8_t, SQUARE_NB>, 2>, COLOR_NB> t{};
    for (int c = 0; c < COLOR_NB; ++c)
        for (int m = 0; m < 2; ++m)
            for (int s = 0; s < SQUARE_NB; ++s) t[c][m][s] = orient(Color(c), m != 0, Square(s));
    return t;
}
constexpr auto ORIENTED = make_oriented();

constexpr FeatureIndex board_feature(const View& v, Piece pc, Square s) {
    const int plane = (color_of(pc) == v.perspective ? 0 : PIECE_TYPE_NB) + type_of(pc);
    return FeatureIndex(v.bucket_base + plane * SQUARE_NB + ORIENTED[v.perspective][v.mirrored][s]);
}

// The feature "owner holds at least `count` pieces of type pt" (count >= 1).
constexpr FeatureIndex hand_feature(const View& v, Color owner, PieceType pt, int count) {
    const int side = owner == v.perspective ? 0 : HAND_SLOTS_PER_SIDE;
    return FeatureIndex(v.bucket_base + BOARD_FEATURE_NB + side + HAND_OFFSET[pt] + count - 1);
}

// The king-independent ("factorized") twin of a feature, in [0, FEATURES_PER_BUCKET):
// the trainer adds it to share what a feature means across king buckets.
constexpr FeatureIndex factor_of(FeatureIndex f) {
    return f % FEATURES_PER_BUCKET;
}

// Bucket and mirroring change only when the king moves to another bucket or
// across the centre: then the perspective's accumulator must be rebuilt.
constexpr bool needs_refresh(Color perspective, Square king_from, Square king_to) {
    const View a = make_view(perspective, king_from), b = make_view(perspective, king_to);
    return a.bucket_base != b.bucket_base || a.mirrored != b.mirrored;
}

// Calls f(square, piece) for every occupied square, squares ascending: over
// the set bits of board.pieces() when the board has it (no branch per empty
// square), else over all squares.
template <class Board, class F>
void for_each_piece(const Board& board, F&& f) {
    if constexpr (requires { Bitboard(board.pieces()); }) {
        for (Bitboard b = board.pieces(); b;) {
            const Square s = pop_lsb(b);
            f(s, board.piece_on(s));
        }
    } else {
        for (int s = 0; s < SQUARE_NB; ++s)
            if (const Piece pc = board.piece_on(Square(s)); pc != NO_PIECE) f(Square(s), pc);
    }
}

// Calls f(owner, type, count) for every "holds at least count" hand feature:
// White's hand, then Black's, types ascending, counts ascending.
template <class Board, class F>
void for_each_hand_slot(const Board& board, F&& f) {
    for (Color owner : {WHITE, BLACK})
        for (int pt = 0; pt < HAND_TYPE_NB; ++pt)
            for (int i = 1; i <= board.hand_count(owner, PieceType(pt)); ++i)
                f(owner, PieceType(pt), i);
}

// All active features of one perspective. Board is anything with
// piece_on(Square) and hand_count(Color, PieceType), optionally pieces()
// (the occupied squares; Position, or a training position adapter); own_king
// is the perspective's king square. Order: board squares ascending, then the
// hand slots (for_each_hand_slot). Returns the number written
// (ACTIVE_FEATURES for a legal game position).
template <class Board>
int active_features(const Board& board, Color perspective, Square own_king, FeatureIndex* out) {
    const View v = make_view(perspective, own_king);
    int n = 0;
    for_each_piece(board, [&](Square s, Piece pc) { out[n++] = board_feature(v, pc, s); });
    for_each_hand_slot(board, [&](Color owner, PieceType pt, int count) {
        out[n++] = hand_feature(v, owner, pt, count);
    });
    return n;
}

// Both perspectives in one pass (the trainer's batches): first_out gets what
// active_features writes for `first`, second_out what it writes for ~first,
// in the same order. Board also needs king_square(Color). Returns the number
// written to each.
template <class Board>
int active_features_pair(const Board& board, Color first, FeatureIndex* first_out,
                         FeatureIndex* second_out) {
    const View a = make_view(first, board.king_square(first));
    const View b = make_view(~first, board.king_square(~first));
    int n = 0;
    for_each_piece(board, [&](Square s, Piece pc) {
        first_out[n] = board_feature(a, pc, s);
        second_out[n++] = board_feature(b, pc, s);
    });
    for_each_hand_slot(board, [&](Color owner, PieceType pt, int count) {
        first_out[n] = hand_feature(a, owner, pt, count);
        second_out[n++] = hand_feature(b, owner, pt, count);
    });
    return n;
}

static_assert(MAX_CHANGED_FEATURES >= 4);
static_assert(KING_BUCKET_NB <= 16);

}  // namespace features
PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
