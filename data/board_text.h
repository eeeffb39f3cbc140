// FEN text from a bare board description (squares, hands, side, counters),
// for positions the data format stores without a Position object.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "engine/core/types.h"

namespace pantheon::data {

using BoardArray = std::array<Piece, SQUARE_NB>;
using HandArray = std::array<std::array<uint8_t, HAND_TYPE_NB>, COLOR_NB>;

std::string make_fen(const BoardArray& board, const HandArray& hands, Color side, int halfmove,
                     int fullmove);

}  // namespace pantheon::data
