// FEN text from a bare board description (squares, hands, side, counters),
// for positions the data format stores without a Position object.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/types.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

using BoardArray = std::array<Piece, SQUARE_NB>;
using HandArray = std::array<std::array<uint8_t, HAND_TYPE_NB>, COLOR_NB>;

// castling and en_passant are the FEN's fields as they are ("-" = none).
std::string make_fen(const BoardArray& board, const HandArray& hands, Color side, int halfmove,
                     int fullmove, std::string_view castling = "-",
                     std::string_view en_passant = "-");

PANTHEON_VARIANT_END
}  // namespace pantheon::data
