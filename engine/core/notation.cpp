#include "engine/core/notation.h"

#include <cctype>

#include "engine/core/movegen.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

std::string square_name(Square s) {
    return std::string(1, char('a' + file_of(s))) + std::to_string(rank_of(s) + 1);
}

std::optional<Square> parse_square(std::string_view text) {
    if (text.size() < 2 || text.size() > 3) return std::nullopt;
    const int file = text[0] - 'a';
    int rank = 0;
    for (size_t i = 1; i < text.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) return std::nullopt;
        rank = rank * 10 + (text[i] - '0');
    }
    if (text[1] == '0' || !on_board(file, rank - 1)) return std::nullopt;
    return make_square(file, rank - 1);
}

std::string move_to_string(Move m) {
    if (!m) return "0000";
    if (m.is_drop())
        return std::string(1, PIECE_LETTERS[m.dropped()]) + "@" + square_name(m.to());
    return square_name(m.from()) + square_name(m.to()) + (m.is_promotion() ? "+" : "");
}

namespace {

// Splits "e3e4+" into its squares; false if the text is not of that shape.
bool split_board_move(std::string_view text, Square& from, Square& to, bool& promotion) {
    promotion = !text.empty() && text.back() == '+';
    if (promotion) text.remove_suffix(1);
    // The second square starts at the second letter.
    size_t second = 1;
    while (second < text.size() && !std::isalpha(static_cast<unsigned char>(text[second]))) ++second;
    if (second >= text.size()) return false;
    const auto f = parse_square(text.substr(0, second));
    const auto t = parse_square(text.substr(second));
    if (!f || !t) return false;
    from = *f;
    to = *t;
    return true;
}

}  // namespace

std::optional<Move> parse_move_text(std::string_view text) {
    if (text.size() >= 2 && text[1] == '@') {
        const char l = char(std::toupper(static_cast<unsigned char>(text[0])));
        const size_t pt = PIECE_LETTERS.find(l);
        const auto to = parse_square(text.substr(2));
        if (pt == std::string_view::npos || pt >= HAND_TYPE_NB || !to) return std::nullopt;
        return Move::drop(PieceType(pt), *to);
    }
    Square from, to;
    bool promotion;
    if (!split_board_move(text, from, to, promotion)) return std::nullopt;
    return Move::normal(from, to, promotion);
}

std::optional<Move> parse_move(const Position& pos, std::string_view text, std::string* error) {
    auto fail = [&](const std::string& msg) -> std::optional<Move> {
        if (error) *error = msg;
        return std::nullopt;
    };
    const auto shaped = parse_move_text(text);
    if (!shaped)
        return fail(std::string(text.size() >= 2 && text[1] == '@' ? "malformed drop '"
                                                                   : "malformed move '") +
                    std::string(text) + "'");
    const Move wanted = *shaped;
    MoveList legal;
    generate_legal(pos, legal);
    if (!legal.contains(wanted)) return fail("illegal move '" + std::string(text) + "' in " + pos.fen());
    return wanted;
}

PANTHEON_VARIANT_END
}  // namespace pantheon
