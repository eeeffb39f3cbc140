#include "reference_movegen.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <sstream>
#include <stdexcept>

namespace pantheon::test::reference {
namespace {

constexpr int SIZE = 9;        // files a-i, ranks 1-9
constexpr int ZONE_DEPTH = 3;  // promotion zone: the three farthest ranks
constexpr std::string_view HAND_LETTERS = "PNBRCMQA";
constexpr std::string_view PROMOTABLE = "PNBRCM";

enum Side { WHITE_SIDE = 0, BLACK_SIDE = 1 };

struct Cell {
    char base = 0;  // upper-case letter of the unpromoted piece; 0 = empty
    bool promoted = false;
    int side = 0;
};

struct Board {
    std::array<std::array<Cell, SIZE>, SIZE> cell{};  // [file][rank], rank 0 = rank 1
};

struct Setup {
    Board board;
    int hand[2][128] = {};  // indexed by the upper-case letter
    int side = WHITE_SIDE;
};

// Movement of each piece, copied from the SPEC table (promoted = '+' form).
std::string_view betza(char base, bool promoted) {
    switch (base) {
        case 'P':
            return promoted ? "WF" : "fW";
        case 'N':
            return promoted ? "WFN" : "N";
        case 'B':
            return promoted ? "BW" : "B";
        case 'R':
            return promoted ? "RF" : "R";
        case 'C':
            return promoted ? "BNW" : "BN";
        case 'M':
            return promoted ? "RNF" : "RN";
        case 'Q':
            return "RB";
        case 'A':
            return "RBN";
        case 'K':
            return "K";
    }
    throw std::invalid_argument(std::string("no movement for piece ") + base);
}

struct Delta {
    int df, dr;
};
constexpr Delta ORTHOGONAL[] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr Delta DIAGONAL[] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
constexpr Delta KNIGHT[] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

bool inside(int f, int r) {
    return f >= 0 && f < SIZE && r >= 0 && r < SIZE;
}

// Calls visit(f, r) for every square the piece on (f, r) reaches: leaps and
// steps land anywhere on the board, rides stop on the first occupied square.
template <class Visit>
void for_each_target(const Board& b, int f, int r, Visit visit) {
    const Cell& piece = b.cell[f][r];
    const int forward = piece.side == WHITE_SIDE ? 1 : -1;
    bool forward_only = false;
    auto leap = [&](Delta d) {
        if (forward_only && d.dr != forward) return;
        if (forward_only && d.df != 0) return;
        if (inside(f + d.df, r + d.dr)) visit(f + d.df, r + d.dr);
    };
    auto ride = [&](Delta d) {
        for (int tf = f + d.df, tr = r + d.dr; inside(tf, tr); tf += d.df, tr += d.dr) {
            visit(tf, tr);
            if (b.cell[tf][tr].base) break;
        }
    };
    for (char atom : betza(piece.base, piece.promoted)) {
        switch (atom) {
            case 'f':
                forward_only = true;
                continue;
            case 'W':
                for (Delta d : ORTHOGONAL) leap(d);
                break;
            case 'F':
                for (Delta d : DIAGONAL) leap(d);
                break;
            case 'K':
                for (Delta d : ORTHOGONAL) leap(d);
                for (Delta d : DIAGONAL) leap(d);
                break;
            case 'N':
                for (Delta d : KNIGHT) leap(d);
                break;
            case 'R':
                for (Delta d : ORTHOGONAL) ride(d);
                break;
            case 'B':
                for (Delta d : DIAGONAL) ride(d);
                break;
            default:
                throw std::invalid_argument("unknown Betza atom");
        }
        forward_only = false;
    }
}

bool attacked_by(const Board& b, int f, int r, int side) {
    for (int pf = 0; pf < SIZE; ++pf)
        for (int pr = 0; pr < SIZE; ++pr) {
            const Cell& c = b.cell[pf][pr];
            if (!c.base || c.side != side) continue;
            bool hit = false;
            for_each_target(b, pf, pr, [&](int tf, int tr) { hit |= tf == f && tr == r; });
            if (hit) return true;
        }
    return false;
}

bool king_safe(const Board& b, int side) {
    for (int f = 0; f < SIZE; ++f)
        for (int r = 0; r < SIZE; ++r) {
            const Cell& c = b.cell[f][r];
            if (c.base == 'K' && c.side == side) return !attacked_by(b, f, r, 1 - side);
        }
    throw std::invalid_argument("no king");
}

bool in_zone(int side, int rank) {
    return side == WHITE_SIDE ? rank >= SIZE - ZONE_DEPTH : rank < ZONE_DEPTH;
}
int last_rank(int side) {
    return side == WHITE_SIDE ? SIZE - 1 : 0;
}

std::string square(int f, int r) {
    return std::string(1, char('a' + f)) + std::to_string(r + 1);
}

Setup parse(std::string_view fen) {
    Setup setup;
    Board& b = setup.board;
    std::istringstream in{std::string(fen)};
    std::string placement, side;
    in >> placement >> side;
    const size_t open = placement.find('[');
    if (open == std::string::npos || placement.back() != ']')
        throw std::invalid_argument("no hand in FEN");
    int f = 0, r = SIZE - 1;
    bool promoted = false;
    for (size_t i = 0; i < open; ++i) {
        const char c = placement[i];
        if (c == '/') {
            f = 0;
            --r;
        } else if (c == '+') {
            promoted = true;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            f += c - '0';  // runs are at most 9 on this board
        } else {
            if (!inside(f, r)) throw std::invalid_argument("bad board in FEN");
            const bool white = std::isupper(static_cast<unsigned char>(c));
            b.cell[f][r] = {char(std::toupper(static_cast<unsigned char>(c))), promoted,
                            white ? WHITE_SIDE : BLACK_SIDE};
            promoted = false;
            ++f;
        }
    }
    for (size_t i = open + 1; i + 1 < placement.size(); ++i) {
        const char c = placement[i];
        const bool white = std::isupper(static_cast<unsigned char>(c));
        ++setup.hand[white ? WHITE_SIDE : BLACK_SIDE][std::toupper(static_cast<unsigned char>(c))];
    }
    if (side != "w" && side != "b") throw std::invalid_argument("bad side in FEN");
    setup.side = side == "w" ? WHITE_SIDE : BLACK_SIDE;
    return setup;
}

bool game_over(const Board& b) {
    for (int f = 0; f < SIZE; ++f)
        for (int side : {WHITE_SIDE, BLACK_SIDE}) {
            const Cell& c = b.cell[f][last_rank(side)];
            if (c.base == 'K' && c.side == side) return true;
        }
    return false;
}

}  // namespace

std::vector<std::string> legal_moves(std::string_view fen) {
    const Setup setup = parse(fen);
    const Board& b = setup.board;
    std::set<std::string> moves;
    if (game_over(b)) return {};
    const int us = setup.side;

    for (int f = 0; f < SIZE; ++f)
        for (int r = 0; r < SIZE; ++r) {
            const Cell piece = b.cell[f][r];
            if (!piece.base || piece.side != us) continue;
            const bool promotable =
                !piece.promoted && PROMOTABLE.find(piece.base) != std::string_view::npos;
            for_each_target(b, f, r, [&](int tf, int tr) {
                const Cell& target = b.cell[tf][tr];
                if (target.base && target.side == us) return;
                const bool promotes = promotable && (in_zone(us, r) || in_zone(us, tr));
                Board after = b;
                after.cell[tf][tr] = piece;
                after.cell[tf][tr].promoted |= promotes;
                after.cell[f][r] = Cell{};
                if (king_safe(after, us))
                    moves.insert(square(f, r) + square(tf, tr) + (promotes ? "+" : ""));
            });
        }

    for (char letter : HAND_LETTERS) {
        if (!setup.hand[us][int(letter)]) continue;
        for (int f = 0; f < SIZE; ++f) {
            bool own_pawn_on_file = false;
            for (int r = 0; r < SIZE; ++r) {
                const Cell& c = b.cell[f][r];
                own_pawn_on_file |= c.base == 'P' && !c.promoted && c.side == us;
            }
            for (int r = 0; r < SIZE; ++r) {
                if (b.cell[f][r].base) continue;
                if (letter == 'P' && (r == last_rank(us) || own_pawn_on_file)) continue;
                Board after = b;
                after.cell[f][r] = {letter, false, us};
                if (king_safe(after, us)) moves.insert(std::string(1, letter) + "@" + square(f, r));
            }
        }
    }
    return {moves.begin(), moves.end()};
}

}  // namespace pantheon::test::reference
