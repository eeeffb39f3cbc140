// The hand-crafted evaluation's values, in the block order of eval_params.h.
// Written by `pantheon tune` (docs/TUNING.md): edit by re-tuning, or by hand
// keeping the layout.
// Provenance: pantheon tune --data /work/runs/sp-hce-5k; 311444 positions (34604 held out), K 1281.9, loss 0.66364 -> 0.64368 (held out 0.66345 -> 0.64283)
#pragma once

namespace pantheon::search::eval_params {

inline constexpr Weights WEIGHTS = {
    // board_value
    98, 336, 387, 498, 804, 832, 984, 1218, 0, 304, 480, 561, 701, 919, 1022,
    // hand_value
    129, 360, 406, 553, 801, 895, 971, 1223,
    // centrality
    -6, 68, 21, 19, 18, 57, 12, 18, -62, 12, 15, 10, 4, 14, 7,
    // pawn_advance
    1, -2, 37, -31, -11, 50, 37, 2, 0,
    // guard_advance
    0, 0, 4, 8, 15, 23, 34, 31, 22,
    // mobility
    33, 40, 52, 53, 32, 25, 9, 7, 0, 35, 26, 20, 6, 23, 25,
    // king_shelter
    -20, -6, 21, 22, 19, 46, 38, 30, 30,
    // king_escape
    -13, -13, 20, 35, 4, -23, -8, -2, 0,
    // king_advance
    56, 5, 10, 24, 45, 80, 140, 260, 0,
    // campmate_threat
    900,
    // tempo
    86,
    // zone_attack_units
    9, 16, 15, 16, 26, 28, 28, 37, 0, 13, 18, 17, 20, 28, 30,
    // weak_zone_square_units
    21,
    // drop_check_units
    9, 12, 7, 10, 5, 10, 8, 15,
    // drop_check_unguarded_units
    6, 10, 9, 9, 13, 14, 13, 21,
    // hand_attacker_units
    9, 2, 0, 0, 0, 0, 0, 0,
    // king_danger_div
    192,
    // king_danger_max
    900,
    // king_advance_safe_units
    120,
};

}  // namespace pantheon::search::eval_params
