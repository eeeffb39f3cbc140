// Start positions. Pandemonium has sixteen: before the game each side places
// its Bishop and Knight on either wing as it likes (NB or BN left of the king,
// BN or NB right of it); Mansindam has one.
#pragma once

#include <string>

#include "engine/core/types.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

constexpr int WING_SETUP_NB = Variant::castling ? 4 : 1;  // per side
constexpr int START_SETUP_NB = WING_SETUP_NB * WING_SETUP_NB;

// Index of one side's setup (Pandemonium, in the seed's order): 0 inner
// bishops (NB-BN, the standard start), 1 left (BN-BN), 2 right (NB-NB),
// 3 outer (BN-NB).
// FEN of the start position with white's setup w and black's setup b;
// start index = w * WING_SETUP_NB + b (0 is Variant::start_fen).
std::string start_setup_fen(int white_setup, int black_setup);
inline std::string start_setup_fen(int index) {
    return start_setup_fen(index / WING_SETUP_NB, index % WING_SETUP_NB);
}

PANTHEON_VARIANT_END
}  // namespace pantheon
