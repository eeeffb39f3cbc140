// The on-disk codes of the data format, pinned (docs/DATA_FORMAT.md). Files
// store the core's numbers as they are: square index, color, piece type
// (piece code = color << 4 | (type + 1); hand masks and drop source codes use
// the type order), castling right bits and termination numbers. These asserts
// make any change of those enums a compile error instead of a silent change
// of what existing files mean. Move codes are defined by the board and the
// movement rules alone (move_code.h), so they depend on nothing else. What
// differs by game, the board's size and the piece types' numbers, is pinned
// in the game's own header (engine/core/games/<game>.h).
#pragma once

#include "engine/core/castling.h"
#include "engine/core/rules.h"
#include "engine/core/types.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace disk {

static_assert(make_square(0, 0) == 0 && make_square(1, 0) == 1 && make_square(0, 1) == FILE_NB,
              "squares: index rank * files + file, a1 = 0");
static_assert(WHITE == 0 && BLACK == 1, "colors");

static_assert(make_piece(WHITE, PAWN) == 0x01 && make_piece(BLACK, PAWN) == 0x11 &&
                  make_piece(WHITE, KING) == KING + 1 && make_piece(BLACK, KING) == 0x11 + KING,
              "piece code = color << 4 | (type + 1)");

static_assert(WHITE_KINGSIDE == 1 && WHITE_QUEENSIDE == 2 && BLACK_KINGSIDE == 4 &&
                  BLACK_QUEENSIDE == 8,
              "castling right bits of the compact start position");

static_assert(uint8_t(Termination::None) == 0 && uint8_t(Termination::Checkmate) == 1 &&
                  uint8_t(Termination::Stalemate) == 2 && uint8_t(Termination::Campmate) == 3 &&
                  uint8_t(Termination::Repetition) == 4 &&
                  uint8_t(Termination::PerpetualCheck) == 5,
              "termination numbers of the game flags byte");

}  // namespace disk

PANTHEON_VARIANT_END
}  // namespace pantheon::data
