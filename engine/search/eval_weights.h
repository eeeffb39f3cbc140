// The hand-crafted evaluation's values, in the block order of eval_params.h.
// Written by `pantheon tune` (docs/TUNING.md): edit by re-tuning, or by hand
// keeping the layout.
// Provenance: pantheon tune --data /work/runs/sp-hce-5k; 311444 positions (34604 held out), K 1270.9, loss 0.64367 -> 0.63641 (held out 0.64283 -> 0.63560)
#pragma once

namespace pantheon::search::eval_params {
PANTHEON_VARIANT_BEGIN

inline constexpr Weights WEIGHTS = {
    // board_value
    73, 361, 396, 376, 868, 697, 1045, 1292, 0, 305, 464, 556, 705, 912, 1028,
    // hand_value
    99, 349, 400, 525, 679, 771, 820, 1102,
    // centrality
    -3, 108, 29, 64, 34, 93, 28, 42, -198, 17, 44, 31, 10, 54, 15,
    // pawn_advance
    12, -17, -2, -71, -58, 162, 14, 18, 0,
    // guard_advance
    -3, 0, 3, 10, 18, 28, 39, 28, -1,
    // mobility
    60, 27, 54, 60, 26, 29, 5, 4, 0, 79, 32, 25, 8, 20, 27,
    // king_shelter
    -117, -92, -36, 18, 62, 155, 125, 34, 30,
    // king_escape
    -91, -54, 59, 94, 66, -21, -36, -13, -3,
    // king_advance
    155, 81, 15, 24, 45, 80, 140, 260, 0,
    // campmate_threat
    900,
    // tempo
    138,
    // zone_attack_units
    18, 49, 36, 18, 50, 53, 52, 54, 0, 21, 35, 34, 25, 49, 49,
    // weak_zone_square_units
    61,
    // drop_check_units
    30, 33, 14, 24, 22, 19, 17, 14,
    // drop_check_unguarded_units
    14, 20, 13, 16, 26, 35, 19, 45,
    // hand_attacker_units
    22, 7, 2, 1, 0, 0, 0, 0,
    // king_danger_div
    192,
    // king_danger_max
    900,
    // king_advance_safe_units
    120,
};

PANTHEON_VARIANT_END
}  // namespace pantheon::search::eval_params
