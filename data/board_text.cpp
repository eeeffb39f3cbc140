#include "data/board_text.h"

#include <cctype>

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace {

char piece_letter(Color c, PieceType pt) {
    const char l = PIECE_LETTERS[unpromote(pt)];
    return c == WHITE ? l : char(std::tolower(static_cast<unsigned char>(l)));
}

}  // namespace

std::string make_fen(const BoardArray& board, const HandArray& hands, Color side, int halfmove,
                     int fullmove, std::string_view castling, std::string_view en_passant) {
    std::string out;
    out.reserve(96);
    for (int rank = RANK_NB - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < FILE_NB; ++file) {
            const Piece p = board[make_square(file, rank)];
            if (p == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            if (is_promoted(type_of(p))) out += '+';
            out += piece_letter(color_of(p), type_of(p));
        }
        if (empty) out += std::to_string(empty);
        if (rank) out += '/';
    }
    out += '[';
    for (Color c : {WHITE, BLACK})
        for (PieceType pt : HAND_PRINT_ORDER) out.append(hands[c][pt], piece_letter(c, pt));
    out += side == WHITE ? "] w " : "] b ";
    out += castling;
    out += ' ';
    out += en_passant;
    out += ' ';
    out += std::to_string(halfmove);
    out += ' ';
    out += std::to_string(fullmove);
    return out;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
