// The hand-crafted evaluation's values, in the block order of eval_params.h.
// Written by `pantheon tune` (docs/TUNING.md): edit by re-tuning, or by hand
// keeping the layout.
// Provenance: set by hand as a starting point for Pandemonium (piece values
// from the pieces' movement, king safety scaled from Mansindam's tuned values;
// no campmate, so its terms are zero); not yet tuned.
// Types: P N B R C M Q K, promoted: gilding scepter horse dragon whole apricot.
#pragma once

namespace pantheon::search::eval_params {
PANTHEON_VARIANT_BEGIN

inline constexpr Weights WEIGHTS = {
    // board_value
    90, 320, 350, 480, 800, 900, 1000, 0, 950, 520, 560, 680, 950, 950,
    // hand_value
    110, 360, 390, 520, 850, 950, 1050,
    // centrality
    0, 20, 10, 5, 15, 10, 5, -30, 5, 15, 10, 5, 5, 5,
    // pawn_advance
    0, 0, 5, 10, 20, 35, 55, 80, 0, 0,
    // guard_advance
    0, 0, 0, 5, 10, 15, 20, 20, 15, 10,
    // mobility
    0, 8, 6, 5, 4, 4, 3, 0, 3, 6, 5, 4, 3, 3,
    // king_shelter
    -80, -50, -20, 10, 30, 40, 40, 30, 30,
    // king_escape
    -60, -30, 20, 40, 40, 20, 10, 0, 0,
    // king_advance
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    // campmate_threat
    0,
    // tempo
    20,
    // zone_attack_units
    18, 45, 36, 25, 50, 53, 52, 0, 45, 35, 34, 40, 50, 50,
    // weak_zone_square_units
    61,
    // drop_check_units
    20, 30, 14, 22, 22, 19, 17,
    // drop_check_unguarded_units
    14, 20, 13, 16, 26, 35, 19,
    // hand_attacker_units
    15, 7, 2, 1, 0, 0, 0,
    // king_danger_div
    192,
    // king_danger_max
    900,
    // king_advance_safe_units
    120,
};

PANTHEON_VARIANT_END
}  // namespace pantheon::search::eval_params
