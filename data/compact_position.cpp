#include "data/compact_position.h"

#include "data/board_text.h"
#include "engine/core/notation.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace {

constexpr int OCCUPANCY_BYTES = (SQUARE_NB + 7) / 8;
static_assert(COLOR_NB * HAND_TYPE_NB <= 16, "hand mask is 16 bits");
constexpr uint8_t EP_COUNT_MAX = 2;

// FEN castling field of the right bits (KQkq order, as Position::fen writes it).
std::string castling_field(uint8_t rights) {
    std::string out;
    for (Color c : {WHITE, BLACK})
        for (int w = 0; w < castling::WING_NB; ++w)
            if (rights & castling::WINGS[c][w].right)
                out += c == WHITE ? castling::WING_LETTER[w]
                                  : char(castling::WING_LETTER[w] - 'A' + 'a');
    return out.empty() ? "-" : out;
}

// FEN en passant field: the `count` squares the pawn on `pawn` (of the side
// not to move) passed, from its starting side outwards.
std::string en_passant_field(Square pawn, int count, Color side_to_move) {
    if (count == 0) return "-";
    const int back = side_to_move == BLACK ? -FILE_NB : FILE_NB;  // towards the mover's start
    std::string out;
    for (int k = count; k >= 1; --k) {
        const int s = pawn + k * back;
        if (s < 0 || s >= SQUARE_NB) return "?";  // refused by the FEN parser
        out += square_name(Square(s));
    }
    return out;
}

}  // namespace

void write_compact_position(const Position& pos, ByteWriter& out) {
    uint8_t occupancy[OCCUPANCY_BYTES] = {};
    for (int s = 0; s < SQUARE_NB; ++s)
        if (pos.piece_on(Square(s)) != NO_PIECE) occupancy[s / 8] |= uint8_t(1 << (s % 8));
    out.bytes(occupancy);
    for (int s = 0; s < SQUARE_NB; ++s)
        if (pos.piece_on(Square(s)) != NO_PIECE) out.u8(pos.piece_on(Square(s)));
    uint16_t mask = 0;
    for (Color c : {WHITE, BLACK})
        for (int pt = 0; pt < HAND_TYPE_NB; ++pt)
            if (pos.hand_count(c, PieceType(pt))) mask |= uint16_t(1 << (c * HAND_TYPE_NB + pt));
    out.u16(mask);
    for (Color c : {WHITE, BLACK})
        for (int pt = 0; pt < HAND_TYPE_NB; ++pt)
            if (pos.hand_count(c, PieceType(pt))) out.u8(uint8_t(pos.hand_count(c, PieceType(pt))));
    out.u8(uint8_t(pos.side_to_move()));
    if constexpr (Variant::castling) {
        out.u8(uint8_t(pos.castling_rights()));
        out.u8(pos.state().ep_count);
        if (pos.state().ep_count) out.u8(pos.ep_pawn());
    }
    out.varint(uint64_t(pos.halfmove_clock()));
    out.varint(uint64_t(pos.fullmove_number()));
}

std::optional<Position> read_compact_position(ByteReader& in, std::string* error) {
    auto fail = [&](const std::string& why) -> std::optional<Position> {
        if (error) *error = "bad start position: " + why;
        return std::nullopt;
    };
    const auto occupancy = in.take(OCCUPANCY_BYTES);
    if (in.failed()) return fail("truncated");
    if (occupancy[OCCUPANCY_BYTES - 1] >> (SQUARE_NB % 8 ? SQUARE_NB % 8 : 8))
        return fail("occupancy bits beyond the board");
    BoardArray board{};
    for (int s = 0; s < SQUARE_NB && !in.failed(); ++s) {
        if (!(occupancy[s / 8] >> (s % 8) & 1)) continue;
        const uint8_t p = in.u8();
        const int type = (p & 15) - 1;
        if (p >> 5 || type < 0 || type >= PIECE_TYPE_NB) return fail("bad piece code");
        board[s] = Piece(p);
    }
    HandArray hands{};
    const uint16_t mask = in.u16();
    for (int c = 0; c < COLOR_NB; ++c)
        for (int pt = 0; pt < HAND_TYPE_NB; ++pt)
            if (mask >> (c * HAND_TYPE_NB + pt) & 1) {
                hands[c][pt] = in.u8();
                if (hands[c][pt] == 0 && !in.failed()) return fail("zero hand count");
            }
    const uint8_t side = in.u8();
    std::string castling = "-", en_passant = "-";
    if constexpr (Variant::castling) {
        const uint8_t rights = in.u8();
        const uint8_t ep_count = in.u8();
        const uint8_t ep_pawn = ep_count ? in.u8() : uint8_t(0);
        if (in.failed()) return fail("truncated");
        if (rights & ~ALL_CASTLING) return fail("bad castling rights");
        if (ep_count > EP_COUNT_MAX || (ep_count && ep_pawn >= SQUARE_NB))
            return fail("bad en passant state");
        castling = castling_field(rights);
        en_passant = en_passant_field(Square(ep_pawn), ep_count, Color(side & 1));
    }
    const uint64_t halfmove = in.varint();
    const uint64_t fullmove = in.varint();
    if (in.failed()) return fail("truncated");
    if (side > 1) return fail("bad side to move");
    if (halfmove > 65535 || fullmove < 1 || fullmove > 1000000) return fail("bad move counters");
    return Position::from_fen(
        make_fen(board, hands, Color(side), int(halfmove), int(fullmove), castling, en_passant),
        error);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
