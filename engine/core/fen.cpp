// FEN reading and writing (format fixed in SPEC.md: hands in brackets after
// the board, '+' before a promoted piece's letter).
#include <cctype>
#include <charconv>
#include <sstream>

#include "engine/core/position.h"

namespace pantheon {

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

}  // namespace

std::optional<Position> Position::from_fen(std::string_view fen, std::string* error) {
    auto fail = [&](std::string msg) -> std::optional<Position> {
        if (error) *error = "invalid FEN: " + msg;
        return std::nullopt;
    };
    const std::vector<std::string_view> fields = split_fields(fen);
    if (fields.empty()) return fail("empty string");
    if (fields.size() < 2) return fail("missing side to move");
    if (fields.size() > 6) return fail("too many fields");

    Position pos{EmptyTag{}};
    std::string_view placement = fields[0];
    std::string_view hands;
    if (const size_t open = placement.find('['); open != std::string_view::npos) {
        if (placement.back() != ']' || placement.find('[', open + 1) != std::string_view::npos)
            return fail("hand must be written as [..] right after the board");
        hands = placement.substr(open + 1, placement.size() - open - 2);
        placement = placement.substr(0, open);
    } else {
        return fail("missing hand field [..] after the board");
    }

    // Board, from the top rank down.
    int rank = RANK_NB - 1, file = 0;
    int kings[COLOR_NB] = {0, 0};
    for (size_t i = 0; i < placement.size(); ++i) {
        const char c = placement[i];
        if (c == '/') {
            if (file != FILE_NB)
                return fail("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                            " squares, expected " + std::to_string(FILE_NB));
            if (--rank < 0) return fail("too many ranks");
            file = 0;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            int run = 0;
            // Stop accumulating once the run is too long, so long digit strings cannot overflow.
            while (i < placement.size() && std::isdigit(static_cast<unsigned char>(placement[i]))) {
                if (run <= FILE_NB) run = run * 10 + (placement[i] - '0');
                ++i;
            }
            --i;
            if (run == 0)
                return fail("rank " + std::to_string(rank + 1) + " has an empty run of 0 squares");
            if (file + run > FILE_NB)
                return fail("rank " + std::to_string(rank + 1) + " is too long");
            file += run;
        } else {
            bool promoted = false;
            char l = c;
            if (c == '+') {
                if (i + 1 >= placement.size()) return fail("'+' at the end of the board");
                promoted = true;
                l = placement[++i];
            }
            const auto pt = type_from_letter(l);
            if (!pt) return fail(std::string("unknown piece letter '") + l + "'");
            if (promoted && !is_promotable(*pt))
                return fail(std::string("piece '") + l + "' cannot be promoted");
            if (file >= FILE_NB) return fail("rank " + std::to_string(rank + 1) + " is too long");
            const Color color = std::isupper(static_cast<unsigned char>(l)) ? WHITE : BLACK;
            const PieceType type = promoted ? promote(*pt) : *pt;
            const Square s = make_square(file, rank);
            if (type == PAWN && relative_rank(color, rank) == RANK_NB - 1)
                return fail(std::string("unpromoted pawn on its last rank at ") +
                            char('a' + file) + std::to_string(rank + 1));
            if (type == KING) ++kings[color];
            pos.put_piece(make_piece(color, type), s);
            ++file;
        }
    }
    if (file != FILE_NB)
        return fail("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                    " squares, expected " + std::to_string(FILE_NB));
    if (rank != 0)
        return fail("board has " + std::to_string(RANK_NB - rank) + " ranks, expected " +
                    std::to_string(RANK_NB));
    for (int c = 0; c < COLOR_NB; ++c) {
        const char* name = c == WHITE ? "white" : "black";
        if (kings[c] == 0) return fail(std::string("missing ") + name + " king");
        if (kings[c] > 1) return fail(std::string("more than one ") + name + " king");
    }

    for (char c : hands) {
        const auto pt = type_from_letter(c);
        if (!pt || *pt >= HAND_TYPE_NB)
            return fail(std::string("piece '") + c + "' cannot be in hand");
        const Color color = std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK;
        if (pos.hand_[color][*pt] >= zobrist::MAX_HAND_COUNT) return fail("hand too large");
        ++pos.hand_[color][*pt];
    }

    // Material must not exceed what the game has, counting promoted pieces as
    // their base type and both hands.
    int total[HAND_TYPE_NB] = {};
    for (int s = 0; s < SQUARE_NB; ++s)
        if (pos.board_[s] != NO_PIECE && type_of(pos.board_[s]) != KING)
            ++total[unpromote(type_of(pos.board_[s]))];
    for (int pt = 0; pt < HAND_TYPE_NB; ++pt) {
        total[pt] += pos.hand_[WHITE][pt] + pos.hand_[BLACK][pt];
        if (total[pt] > MATERIAL_TOTAL[pt])
            return fail("impossible material: " + std::to_string(total[pt]) + " " +
                        std::string(PIECE_NAMES[pt]) + "s on board and in hand, at most " +
                        std::to_string(MATERIAL_TOTAL[pt]) + " exist");
    }
    for (int c = 0; c < COLOR_NB; ++c)
        for (int f = 0; f < FILE_NB; ++f)
            if (more_than_one(pos.pieces(Color(c), PAWN) & geometry::FILE_BB[f]))
                return fail(std::string("two unpromoted ") + (c == WHITE ? "white" : "black") +
                            " pawns on file " + char('a' + f));

    if (fields[1] == "w")
        pos.side_ = WHITE;
    else if (fields[1] == "b")
        pos.side_ = BLACK;
    else
        return fail("side to move must be 'w' or 'b', got '" + std::string(fields[1]) + "'");
    pos.start_side_ = pos.side_;

    if (fields.size() > 2 && fields[2] != "-") return fail("castling field must be '-'");
    if (fields.size() > 3 && fields[3] != "-") return fail("en passant field must be '-'");
    int halfmove = 0, fullmove = 1;
    if (fields.size() > 4 && !parse_number(fields[4], halfmove))
        return fail("bad half-move clock '" + std::string(fields[4]) + "'");
    if (fields.size() > 5 && !parse_number(fields[5], fullmove))
        return fail("bad move number '" + std::string(fields[5]) + "'");
    pos.start_fullmove_ = std::max(fullmove, 1);

    if (pos.attacked_by(pos.side_, pos.king_[~pos.side_]))
        return fail("the side not to move is in check");

    StateInfo root;
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
    out << "] " << (side_ == WHITE ? 'w' : 'b') << " - - " << halfmove_clock() << ' '
        << fullmove_number();
    return out.str();
}

}  // namespace pantheon
