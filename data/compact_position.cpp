#include "data/compact_position.h"

#include "data/board_text.h"

namespace pantheon::data {

namespace {

constexpr int OCCUPANCY_BYTES = (SQUARE_NB + 7) / 8;
static_assert(COLOR_NB * HAND_TYPE_NB <= 16, "hand mask is 16 bits");

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
    const uint64_t halfmove = in.varint();
    const uint64_t fullmove = in.varint();
    if (in.failed()) return fail("truncated");
    if (side > 1) return fail("bad side to move");
    if (halfmove > 65535 || fullmove < 1 || fullmove > 1000000) return fail("bad move counters");
    return Position::from_fen(make_fen(board, hands, Color(side), int(halfmove), int(fullmove)),
                              error);
}

}  // namespace pantheon::data
