// FEN reading and writing (format fixed in SPEC.md: hands in brackets after
// the board, '+' before a promoted piece's letter).
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <iterator>
#include <sstream>

#include "engine/core/notation.h"
#include "engine/core/position.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

namespace {

std::optional<PieceType> type_from_letter(char c) {
    const char upper = char(std::toupper(static_cast<unsigned char>(c)));
    const size_t i = PIECE_LETTERS.find(upper);
    if (i == std::string_view::npos || upper == 0) return std::nullopt;
    return PieceType(i);
}

char letter(Color c, PieceType pt) {
    const char l = PIECE_LETTERS[unpromote(pt)];
    return c == WHITE ? l : char(std::tolower(static_cast<unsigned char>(l)));
}

std::vector<std::string_view> split_fields(std::string_view s) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
        size_t j = i;
        while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

bool parse_number(std::string_view s, int& value) {
    if (s.empty() || s.size() > 9) return false;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    return ec == std::errc() && ptr == s.data() + s.size() && value >= 0;
}

std::string rank_text(int rank) {
    return std::to_string(rank + 1);
}

// The board and the hands as the first field writes them, each piece
// checked, before a position is set up from them.
struct Placement {
    Piece board[SQUARE_NB];
    uint8_t hand[COLOR_NB][HAND_TYPE_NB] = {};
    Placement() { std::fill(std::begin(board), std::end(board), NO_PIECE); }
};

// The first field's board part and the hands written in brackets after it.
bool split_board_and_hands(std::string_view field, std::string_view& board, std::string_view& hands,
                           std::string& error) {
    const size_t open = field.find('[');
    if (open == std::string_view::npos) {
        error = "missing hand field [..] after the board";
        return false;
    }
    if (field.back() != ']' || field.find('[', open + 1) != std::string_view::npos) {
        error = "hand must be written as [..] right after the board";
        return false;
    }
    hands = field.substr(open + 1, field.size() - open - 2);
    board = field.substr(0, open);
    return true;
}

// One piece letter (with its '+' if promoted) at placement[i], which is left
// on the letter; the piece must be able to stand on its square.
bool read_piece(std::string_view placement, size_t& i, int file, int rank, Piece& piece,
                std::string& error) {
    bool promoted = false;
    char l = placement[i];
    if (l == '+') {
        if (i + 1 >= placement.size()) {
            error = "'+' at the end of the board";
            return false;
        }
        promoted = true;
        l = placement[++i];
    }
    const auto pt = type_from_letter(l);
    if (!pt) {
        error = std::string("unknown piece letter '") + l + "'";
        return false;
    }
    if (promoted && !is_promotable(*pt)) {
        error = std::string("piece '") + l + "' cannot be promoted";
        return false;
    }
    if (file >= FILE_NB) {
        error = "rank " + rank_text(rank) + " is too long";
        return false;
    }
    const Color color = std::isupper(static_cast<unsigned char>(l)) ? WHITE : BLACK;
    const PieceType type = promoted ? promote(*pt) : *pt;
    if (type == PAWN && relative_rank(color, rank) == RANK_NB - 1) {
        error = std::string("unpromoted pawn on its last rank at ") + char('a' + file) +
                rank_text(rank);
        return false;
    }
    if (Variant::pawn_captures_diagonally && type == PAWN && relative_rank(color, rank) == 0) {
        error = std::string("pawn on its own first rank at ") + char('a' + file) + rank_text(rank);
        return false;
    }
    piece = make_piece(color, type);
    return true;
}

// The board, from the top rank down: every rank whole, one king a side.
bool read_board(std::string_view placement, Placement& out, std::string& error) {
    int rank = RANK_NB - 1, file = 0;
    int kings[COLOR_NB] = {0, 0};
    for (size_t i = 0; i < placement.size(); ++i) {
        const char c = placement[i];
        if (c == '/') {
            if (file != FILE_NB) {
                error = "rank " + rank_text(rank) + " has " + std::to_string(file) +
                        " squares, expected " + std::to_string(FILE_NB);
                return false;
            }
            if (--rank < 0) {
                error = "too many ranks";
                return false;
            }
            file = 0;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            int run = 0;
            // Stop accumulating once the run is too long, so long digit strings cannot overflow.
            while (i < placement.size() && std::isdigit(static_cast<unsigned char>(placement[i]))) {
                if (run <= FILE_NB) run = run * 10 + (placement[i] - '0');
                ++i;
            }
            --i;
            if (run == 0) {
                error = "rank " + rank_text(rank) + " has an empty run of 0 squares";
                return false;
            }
            if (file + run > FILE_NB) {
                error = "rank " + rank_text(rank) + " is too long";
                return false;
            }
            file += run;
        } else {
            Piece piece = NO_PIECE;
            if (!read_piece(placement, i, file, rank, piece, error)) return false;
            if (type_of(piece) == KING) ++kings[color_of(piece)];
            out.board[make_square(file, rank)] = piece;
            ++file;
        }
    }
    if (file != FILE_NB) {
        error = "rank " + rank_text(rank) + " has " + std::to_string(file) + " squares, expected " +
                std::to_string(FILE_NB);
        return false;
    }
    if (rank != 0) {
        error = "board has " + std::to_string(RANK_NB - rank) + " ranks, expected " +
                std::to_string(RANK_NB);
        return false;
    }
    for (int c = 0; c < COLOR_NB; ++c) {
        const char* name = c == WHITE ? "white" : "black";
        if (kings[c] == 0) {
            error = std::string("missing ") + name + " king";
            return false;
        }
        if (kings[c] > 1) {
            error = std::string("more than one ") + name + " king";
            return false;
        }
    }
    return true;
}

bool read_hands(std::string_view hands, Placement& out, std::string& error) {
    for (char c : hands) {
        const auto pt = type_from_letter(c);
        if (!pt || *pt >= HAND_TYPE_NB) {
            error = std::string("piece '") + c + "' cannot be in hand";
            return false;
        }
        const Color color = std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK;
        if (out.hand[color][*pt] >= zobrist::MAX_HAND_COUNT) {
            error = "hand too large";
            return false;
        }
        ++out.hand[color][*pt];
    }
    return true;
}

// Material must not exceed what the game has, counting promoted pieces as
// their base type and both hands; and where pawns may not be doubled, they
// are not.
bool check_material(const Placement& p, std::string& error) {
    int total[HAND_TYPE_NB] = {};
    for (int s = 0; s < SQUARE_NB; ++s)
        if (p.board[s] != NO_PIECE && type_of(p.board[s]) != KING)
            ++total[unpromote(type_of(p.board[s]))];
    for (int pt = 0; pt < HAND_TYPE_NB; ++pt) {
        total[pt] += p.hand[WHITE][pt] + p.hand[BLACK][pt];
        if (total[pt] > MATERIAL_TOTAL[pt]) {
            error = "impossible material: " + std::to_string(total[pt]) + " " +
                    std::string(PIECE_NAMES[pt]) + "s on board and in hand, at most " +
                    std::to_string(MATERIAL_TOTAL[pt]) + " exist";
            return false;
        }
    }
    for (int c = 0; c < COLOR_NB && !Variant::doubled_pawn_drop_allowed; ++c)
        for (int f = 0; f < FILE_NB; ++f) {
            int pawns = 0;
            for (int r = 0; r < RANK_NB; ++r)
                pawns += p.board[make_square(f, r)] == make_piece(Color(c), PAWN);
            if (pawns > 1) {
                error = std::string("two unpromoted ") + (c == WHITE ? "white" : "black") +
                        " pawns on file " + char('a' + f);
                return false;
            }
        }
    return true;
}

bool read_side(std::string_view field, Color& side, std::string& error) {
    if (field == "w")
        side = WHITE;
    else if (field == "b")
        side = BLACK;
    else {
        error = "side to move must be 'w' or 'b', got '" + std::string(field) + "'";
        return false;
    }
    return true;
}

// The half-move clock and the move number, each optional.
bool read_counters(const std::vector<std::string_view>& fields, int& halfmove, int& fullmove,
                   std::string& error) {
    halfmove = 0;
    fullmove = 1;
    if (fields.size() > 4 && !parse_number(fields[4], halfmove)) {
        error = "bad half-move clock '" + std::string(fields[4]) + "'";
        return false;
    }
    if (fields.size() > 5 && !parse_number(fields[5], fullmove)) {
        error = "bad move number '" + std::string(fields[5]) + "'";
        return false;
    }
    return true;
}

}  // namespace

bool Position::parse_castling(std::string_view field, StateInfo& root, std::string& error) const {
    root.castling = NO_CASTLING;
    if (field == "-") return true;
    for (char c : field) {
        const Color color = std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK;
        const char upper = char(std::toupper(static_cast<unsigned char>(c)));
        int wing = 0;
        while (wing < castling::WING_NB && castling::WING_LETTER[wing] != upper) ++wing;
        if (wing == castling::WING_NB) {
            error = std::string("bad castling right '") + c + "' (KQkq or -)";
            return false;
        }
        const castling::Wing& w = castling::WINGS[color][wing];
        if (root.castling & w.right) {
            error = std::string("castling right '") + c + "' given twice";
            return false;
        }
        if (board_[w.king_from] != make_piece(color, KING) ||
            board_[w.rook_from] != make_piece(color, ROOK)) {
            error =
                std::string("castling right '") + c + "' without king and rook on their squares";
            return false;
        }
        root.castling |= w.right;
    }
    return true;
}

bool Position::parse_en_passant(std::string_view field, StateInfo& root, std::string& error) const {
    root.ep_pawn = SQ_NONE;
    root.ep_count = 0;
    if (field == "-") return true;
    // One or two squares written together (c3, c3c4): the squares a pawn of
    // the side not to move passed on its last move, a multi-step.
    Bitboard squares = 0;
    int count = 0;
    for (size_t i = 0; i < field.size();) {
        size_t j = i + 1;
        while (j < field.size() && std::isdigit(static_cast<unsigned char>(field[j]))) ++j;
        const int file = field[i] - 'a';
        int rank = 0;
        if (j - i < 2 || j - i > 3 || !parse_number(field.substr(i + 1, j - i - 1), rank) ||
            !on_board(file, rank - 1)) {
            error = "bad en passant field '" + std::string(field) + "'";
            return false;
        }
        squares |= bit(make_square(file, rank - 1));
        ++count;
        i = j;
    }
    const Color mover = ~side_;
    const int forward = mover == WHITE ? FILE_NB : -FILE_NB;
    // The squares must be a pawn's path: one file, consecutive, empty, the
    // pawn just beyond them and its starting square (its 2nd or 3rd rank) empty.
    const Square nearest = mover == WHITE ? lsb(squares) : msb(squares);
    const Square farthest = mover == WHITE ? msb(squares) : lsb(squares);
    const int start = nearest - forward, pawn = farthest + forward;
    const bool in_range = start >= 0 && start < SQUARE_NB && pawn >= 0 && pawn < SQUARE_NB;
    const int start_rank = in_range ? relative_rank(mover, rank_of(Square(start))) : -1;
    const bool path_ok = in_range && count <= 2 && popcount(squares) == count &&
                         (count == 1 || farthest == nearest + forward) && !(squares & pieces()) &&
                         board_[start] == NO_PIECE && board_[pawn] == make_piece(mover, PAWN) &&
                         (start_rank == 1 || (start_rank == 2 && count == 1));
    if (!path_ok) {
        error = "en passant field '" + std::string(field) + "' does not follow a pawn's multi-step";
        return false;
    }
    // Kept only when a pawn could take en passant, as after the move itself.
    Bitboard takers = 0;
    for (Bitboard b = squares; b;) takers |= geometry::PAWN_ATTACKS[mover][pop_lsb(b)];
    if (takers & pieces(side_, PAWN)) {
        root.ep_pawn = Square(pawn);
        root.ep_count = uint8_t(count);
    }
    return true;
}

std::optional<Position> Position::from_fen(std::string_view fen, std::string* error) {
    std::string why;
    auto fail = [&](std::string msg) -> std::optional<Position> {
        if (error) *error = "invalid FEN: " + msg;
        return std::nullopt;
    };
    const std::vector<std::string_view> fields = split_fields(fen);
    if (fields.empty()) return fail("empty string");
    if (fields.size() < 2) return fail("missing side to move");
    if (fields.size() > 6) return fail("too many fields");

    std::string_view board, hands;
    Placement placement;
    if (!split_board_and_hands(fields[0], board, hands, why) ||
        !read_board(board, placement, why) || !read_hands(hands, placement, why) ||
        !check_material(placement, why))
        return fail(why);
    Position pos{EmptyTag{}};
    for (int s = 0; s < SQUARE_NB; ++s)
        if (placement.board[s] != NO_PIECE) pos.put_piece(placement.board[s], Square(s));
    std::memcpy(pos.hand_, placement.hand, sizeof pos.hand_);
    if (!read_side(fields[1], pos.side_, why)) return fail(why);
    pos.start_side_ = pos.side_;

    StateInfo root;
    if constexpr (Variant::castling) {
        if (fields.size() > 2 && !pos.parse_castling(fields[2], root, why)) return fail(why);
        if (fields.size() > 3 && !pos.parse_en_passant(fields[3], root, why)) return fail(why);
    } else {
        if (fields.size() > 2 && fields[2] != "-") return fail("castling field must be '-'");
        if (fields.size() > 3 && fields[3] != "-") return fail("en passant field must be '-'");
    }
    int halfmove = 0, fullmove = 1;
    if (!read_counters(fields, halfmove, fullmove, why)) return fail(why);
    pos.start_fullmove_ = std::max(fullmove, 1);

    if (pos.attacked_by(pos.side_, pos.king_[~pos.side_]))
        return fail("the side not to move is in check");

    root.halfmove_clock = uint16_t(std::min(halfmove, 65535));
    pos.states_.push_back(root);
    pos.states_.back().key = pos.compute_key();
    pos.states_.back().checkers = pos.compute_checkers();
    return pos;
}

std::string Position::fen() const {
    std::ostringstream out;
    for (int rank = RANK_NB - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < FILE_NB; ++file) {
            const Piece p = board_[make_square(file, rank)];
            if (p == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) out << empty;
            empty = 0;
            if (is_promoted(type_of(p))) out << '+';
            out << letter(color_of(p), type_of(p));
        }
        if (empty) out << empty;
        if (rank) out << '/';
    }
    out << '[';
    for (Color c : {WHITE, BLACK})
        for (PieceType pt : HAND_PRINT_ORDER)
            for (int n = 0; n < hand_[c][pt]; ++n) out << letter(c, pt);
    out << "] " << (side_ == WHITE ? 'w' : 'b') << ' ';
    if constexpr (Variant::castling) {
        std::string rights;
        for (Color c : {WHITE, BLACK})
            for (int w = 0; w < castling::WING_NB; ++w)
                if (castling_rights() & castling::WINGS[c][w].right)
                    rights += c == WHITE ? castling::WING_LETTER[w]
                                         : char(std::tolower(castling::WING_LETTER[w]));
        out << (rights.empty() ? "-" : rights) << ' ';
        // En passant squares from the mover's side outwards (c3c4), '-' if none.
        const Bitboard ep = ep_squares();
        if (!ep) out << '-';
        if (side_ == BLACK)
            for (int r = 0; r < RANK_NB; ++r)
                for (Bitboard b = ep & geometry::RANK_BB[r]; b;) out << square_name(pop_lsb(b));
        else
            for (int r = RANK_NB - 1; r >= 0; --r)
                for (Bitboard b = ep & geometry::RANK_BB[r]; b;) out << square_name(pop_lsb(b));
        out << ' ';
    } else {
        out << "- - ";
    }
    out << halfmove_clock() << ' ' << fullmove_number();
    return out.str();
}

PANTHEON_VARIANT_END
}  // namespace pantheon
