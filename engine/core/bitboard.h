// 128-bit bitboards (bit i = square i) and the precomputed geometry tables.
// All tables are built at compile time, so there is no start-up init and no
// mutable global state.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/types.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

__extension__ typedef unsigned __int128 Bitboard;
static_assert(SQUARE_NB <= 128, "board must fit a 128-bit bitboard");

constexpr Bitboard bit(Square s) { return Bitboard(1) << s; }

inline int popcount(Bitboard b) {
    return __builtin_popcountll(uint64_t(b)) + __builtin_popcountll(uint64_t(b >> 64));
}
inline Square lsb(Bitboard b) {
    const uint64_t lo = uint64_t(b);
    return lo ? Square(__builtin_ctzll(lo)) : Square(64 + __builtin_ctzll(uint64_t(b >> 64)));
}
inline Square msb(Bitboard b) {
    const uint64_t hi = uint64_t(b >> 64);
    return hi ? Square(127 - __builtin_clzll(hi)) : Square(63 - __builtin_clzll(uint64_t(b)));
}
inline Square pop_lsb(Bitboard& b) {
    const Square s = lsb(b);
    b &= b - 1;
    return s;
}
inline bool more_than_one(Bitboard b) { return b & (b - 1); }

namespace geometry {

constexpr Bitboard all_squares() {
    Bitboard b = 0;
    for (int s = 0; s < SQUARE_NB; ++s) b |= bit(Square(s));
    return b;
}
constexpr Bitboard ALL_SQUARES = all_squares();

constexpr std::array<Bitboard, RANK_NB> make_ranks() {
    std::array<Bitboard, RANK_NB> r{};
    for (int s = 0; s < SQUARE_NB; ++s) r[rank_of(Square(s))] |= bit(Square(s));
    return r;
}
constexpr std::array<Bitboard, FILE_NB> make_files() {
    std::array<Bitboard, FILE_NB> f{};
    for (int s = 0; s < SQUARE_NB; ++s) f[file_of(Square(s))] |= bit(Square(s));
    return f;
}
constexpr auto RANK_BB = make_ranks();
constexpr auto FILE_BB = make_files();

constexpr std::array<Bitboard, COLOR_NB> make_zones() {
    std::array<Bitboard, COLOR_NB> z{};
    for (int d = 0; d < Variant::promotion_zone_depth; ++d) {
        z[WHITE] |= RANK_BB[RANK_NB - 1 - d];
        z[BLACK] |= RANK_BB[d];
    }
    return z;
}
// Promotion zone of each side (the ranks nearest the opponent).
constexpr auto PROMOTION_ZONE = make_zones();
// The rank whose reaching by the king wins (campmate) and where pawns may not be dropped.
constexpr Bitboard LAST_RANK[COLOR_NB] = {RANK_BB[RANK_NB - 1], RANK_BB[0]};
// Each side's back rank (no pawn drops there in Pandemonium).
constexpr Bitboard FIRST_RANK[COLOR_NB] = {RANK_BB[0], RANK_BB[RANK_NB - 1]};

struct Step { int df, dr; };
constexpr Step WAZIR_STEPS[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr Step FERZ_STEPS[4] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
constexpr Step KNIGHT_STEPS[8] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

template <int N>
constexpr Bitboard step_targets(Square s, const Step (&steps)[N]) {
    Bitboard b = 0;
    for (const Step& st : steps) {
        const int f = file_of(s) + st.df, r = rank_of(s) + st.dr;
        if (on_board(f, r)) b |= bit(make_square(f, r));
    }
    return b;
}

using SquareTable = std::array<Bitboard, SQUARE_NB>;

constexpr SquareTable make_step_table(int which) {
    SquareTable t{};
    for (int s = 0; s < SQUARE_NB; ++s)
        t[s] = which == 0   ? step_targets(Square(s), WAZIR_STEPS)
               : which == 1 ? step_targets(Square(s), FERZ_STEPS)
                            : step_targets(Square(s), KNIGHT_STEPS);
    return t;
}
constexpr SquareTable WAZIR_ATTACKS = make_step_table(0);
constexpr SquareTable FERZ_ATTACKS = make_step_table(1);
constexpr SquareTable KNIGHT_ATTACKS = make_step_table(2);

constexpr std::array<SquareTable, COLOR_NB> make_pawn_attacks() {
    std::array<SquareTable, COLOR_NB> t{};
    for (int s = 0; s < SQUARE_NB; ++s) {
        const int f = file_of(Square(s)), r = rank_of(Square(s));
        for (int c = 0; c < COLOR_NB; ++c) {
            const int ahead = r + (c == WHITE ? 1 : -1);
            if constexpr (Variant::pawn_captures_diagonally) {
                if (on_board(f - 1, ahead)) t[c][s] |= bit(make_square(f - 1, ahead));
                if (on_board(f + 1, ahead)) t[c][s] |= bit(make_square(f + 1, ahead));
            } else if (on_board(f, ahead)) {
                t[c][s] = bit(make_square(f, ahead));
            }
        }
    }
    return t;
}
// Squares a pawn attacks (captures on): straight ahead in Mansindam, the two
// forward diagonals in Pandemonium.
constexpr auto PAWN_ATTACKS = make_pawn_attacks();

// Non-sliding part of every piece's attacks, per color (pawns differ by color).
using LeaperTable = std::array<std::array<SquareTable, PIECE_TYPE_NB>, COLOR_NB>;
constexpr LeaperTable make_leaper_attacks() {
    LeaperTable t{};
    for (int c = 0; c < COLOR_NB; ++c)
        for (int pt = 0; pt < PIECE_TYPE_NB; ++pt)
            for (int s = 0; s < SQUARE_NB; ++s) {
                const uint8_t m = PIECE_MOVES[pt];
                Bitboard b = 0;
                if (m & MOVE_WAZIR) b |= WAZIR_ATTACKS[s];
                if (m & MOVE_FERZ) b |= FERZ_ATTACKS[s];
                if (m & MOVE_KNIGHT) b |= KNIGHT_ATTACKS[s];
                if (m & MOVE_PAWN) b |= PAWN_ATTACKS[c][s];
                t[c][pt][s] = b;
            }
    return t;
}
constexpr LeaperTable LEAPER_ATTACKS = make_leaper_attacks();

// One line through a square (rank, file, diagonal, anti-diagonal), split into
// the part below the square (lower indices) and above it.
struct LineMask {
    Bitboard lower = 0, upper = 0;
};
enum LineDir { LINE_RANK, LINE_FILE, LINE_DIAG, LINE_ANTI, LINE_NB };
constexpr Step LINE_STEP[LINE_NB] = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}};

constexpr std::array<std::array<LineMask, LINE_NB>, SQUARE_NB> make_line_masks() {
    std::array<std::array<LineMask, LINE_NB>, SQUARE_NB> t{};
    for (int s = 0; s < SQUARE_NB; ++s)
        for (int d = 0; d < LINE_NB; ++d) {
            const Step st = LINE_STEP[d];
            for (int k = 1;; ++k) {
                const int f = file_of(Square(s)) + k * st.df, r = rank_of(Square(s)) + k * st.dr;
                if (!on_board(f, r)) break;
                t[s][d].upper |= bit(make_square(f, r));
            }
            for (int k = 1;; ++k) {
                const int f = file_of(Square(s)) - k * st.df, r = rank_of(Square(s)) - k * st.dr;
                if (!on_board(f, r)) break;
                t[s][d].lower |= bit(make_square(f, r));
            }
        }
    return t;
}
constexpr auto LINE_MASKS = make_line_masks();

constexpr SquareTable make_ray_union(bool orthogonal) {
    SquareTable t{};
    for (int s = 0; s < SQUARE_NB; ++s)
        for (int d = orthogonal ? 0 : 2; d < (orthogonal ? 2 : 4); ++d)
            t[s] |= LINE_MASKS[s][d].lower | LINE_MASKS[s][d].upper;
    return t;
}
// Empty-board slider attacks.
constexpr SquareTable ROOK_RAYS = make_ray_union(true);
constexpr SquareTable BISHOP_RAYS = make_ray_union(false);

using PairTable = std::array<std::array<Bitboard, SQUARE_NB>, SQUARE_NB>;
// BETWEEN[a][b]: squares strictly between a and b on a common line, else empty.
// LINE[a][b]: the whole line through a and b (both included), else empty.
constexpr PairTable make_pair_table(bool whole_line) {
    PairTable t{};
    for (int a = 0; a < SQUARE_NB; ++a)
        for (int d = 0; d < LINE_NB; ++d) {
            const LineMask& m = LINE_MASKS[a][d];
            const Bitboard line = m.lower | m.upper | bit(Square(a));
            const Step st = LINE_STEP[d];
            for (int dir = -1; dir <= 1; dir += 2) {
                Bitboard between = 0;
                for (int k = 1;; ++k) {
                    const int f = file_of(Square(a)) + dir * k * st.df;
                    const int r = rank_of(Square(a)) + dir * k * st.dr;
                    if (!on_board(f, r)) break;
                    const Square b = make_square(f, r);
                    t[a][b] = whole_line ? line : between;
                    between |= bit(b);
                }
            }
        }
    return t;
}
constexpr PairTable BETWEEN = make_pair_table(false);
constexpr PairTable LINE = make_pair_table(true);

}  // namespace geometry

// Sliding attacks along one line by obstruction difference: the nearest
// blocker below the square is isolated with msb, the one above by the borrow
// of a subtraction; 128-bit arithmetic does both halves at once.
inline Bitboard line_attacks(Square s, Bitboard occupied, int dir) {
    const geometry::LineMask& m = geometry::LINE_MASKS[s][dir];
    const Bitboard lower = occupied & m.lower;
    const Bitboard upper = occupied & m.upper;
    const Bitboard nearest_below = bit(msb(lower | 1));
    return (upper ^ (upper - nearest_below)) & (m.lower | m.upper);
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    return line_attacks(s, occupied, geometry::LINE_RANK) |
           line_attacks(s, occupied, geometry::LINE_FILE);
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    return line_attacks(s, occupied, geometry::LINE_DIAG) |
           line_attacks(s, occupied, geometry::LINE_ANTI);
}

// Attacks of a piece of the given color and type standing on s.
inline Bitboard piece_attacks(Color c, PieceType pt, Square s, Bitboard occupied) {
    Bitboard b = geometry::LEAPER_ATTACKS[c][pt][s];
    const uint8_t m = PIECE_MOVES[pt];
    if (m & MOVE_ROOK) b |= rook_attacks(s, occupied);
    if (m & MOVE_BISHOP) b |= bishop_attacks(s, occupied);
    return b;
}

// Whether that piece attacks one given square: piece_attacks(...) & bit(target)
// without building the attack set (a slider reaches the target along its ray
// when nothing stands strictly between).
inline bool piece_attacks_square(Color c, PieceType pt, Square s, Square target,
                                 Bitboard occupied) {
    const Bitboard t = bit(target);
    if (geometry::LEAPER_ATTACKS[c][pt][s] & t) return true;
    const uint8_t m = PIECE_MOVES[pt];
    const Bitboard rays = ((m & MOVE_ROOK) ? geometry::ROOK_RAYS[s] : Bitboard(0)) |
                          ((m & MOVE_BISHOP) ? geometry::BISHOP_RAYS[s] : Bitboard(0));
    return (rays & t) && !(geometry::BETWEEN[s][target] & occupied);
}

PANTHEON_VARIANT_END
}  // namespace pantheon
