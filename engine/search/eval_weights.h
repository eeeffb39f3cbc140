// The hand-crafted evaluation's values, in the block order of eval_params.h.
// Written by `pantheon tune` (docs/TUNING.md): edit by re-tuning, or by hand
// keeping the layout.
// Provenance: the hand-set values before the first tuning run.
#pragma once

namespace pantheon::search::eval_params {

inline constexpr Weights WEIGHTS = {
    // board_value
    100, 320, 380, 520, 780, 880, 960, 1200, 0, 300, 480, 560, 700, 920, 1020,
    // hand_value
    118, 345, 405, 555, 815, 915, 995, 1245,
    // centrality
    0, 10, 4, 2, 6, 5, 3, 4, 0, 6, 9, 5, 3, 6, 5,
    // pawn_advance
    0, 0, 0, 6, 14, 26, 40, 0, 0,
    // guard_advance
    0, 0, 4, 8, 14, 22, 30, 30, 24,
    // mobility
    0, 0, 3, 3, 2, 2, 2, 1, 0, 0, 0, 3, 3, 2, 2,
    // king_shelter
    0, 6, 12, 18, 24, 30, 30, 30, 30,
    // king_escape
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    // king_advance
    0, 0, 10, 24, 45, 80, 140, 260, 0,
    // campmate_threat
    900,
    // tempo
    15,
    // zone_attack_units
    8, 12, 12, 16, 20, 24, 24, 28, 0, 12, 16, 16, 20, 24, 28,
    // weak_zone_square_units
    12,
    // drop_check_units
    4, 4, 4, 8, 8, 12, 12, 12,
    // drop_check_unguarded_units
    4, 8, 8, 8, 12, 12, 12, 16,
    // hand_attacker_units
    0, 0, 0, 0, 0, 0, 0, 0,
    // king_danger_div
    192,
    // king_danger_max
    900,
    // king_advance_safe_units
    120,
};

}  // namespace pantheon::search::eval_params
