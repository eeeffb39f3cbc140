// The hand-crafted evaluation's values, in the block order of eval_params.h.
// Written by `pantheon tune` (docs/TUNING.md): edit by re-tuning, or by hand
// keeping the layout.
// Provenance: pantheon tune --config configs/tune.toml --variant pandemonium --l2 1e-7
// --data runs/pand-loop/data/gen-0 --data runs/pand-loop/data/gen-1 --data runs/pand-loop/data/gen-2
// (self-play of the Pandemonium loop's nets, docs/NETS.md), from the hand-set values;
// 577676 positions (64186 held out), K 1518.6, loss 0.61972 -> 0.59694 (held out 0.62050 -> 0.59735)
// Game: pandemonium (engine/search/eval_weights_pandemonium.h)
#pragma once

namespace pantheon::search::eval_params {
PANTHEON_VARIANT_BEGIN

inline constexpr Weights WEIGHTS = {
    // board_value
    181, 323, 360, 482, 790, 899, 1042, 0, 952, 523, 561, 682, 951, 951,
    // hand_value
    146, 342, 385, 510, 806, 905, 1010,
    // centrality
    -8, 68, 22, 9, 30, 9, 24, -114, 6, 18, 9, 7, 9, 5,
    // pawn_advance
    0, 131, 65, -43, -31, 21, 50, 90, 14, 0,
    // guard_advance
    0, 0, 0, 5, 10, 15, 20, 21, 17, 12,
    // mobility
    34, 44, 41, 46, 17, 12, 5, 0, 9, 48, 15, 14, 8, 6,
    // king_shelter
    -91, -77, -45, 6, 60, 73, 43, 30, 30,
    // king_escape
    -48, -17, 24, 39, 31, 9, 4, -2, 0,
    // king_advance
    52, 5, 0, 0, 0, 0, 0, 0, 0, 0,
    // campmate_threat
    0,
    // tempo
    109,
    // zone_attack_units
    23, 49, 39, 26, 56, 57, 54, 0, 45, 36, 35, 41, 50, 50,
    // weak_zone_square_units
    70,
    // drop_check_units
    27, 29, 19, 25, 16, 12, 12,
    // drop_check_unguarded_units
    17, 22, 15, 18, 28, 36, 20,
    // hand_attacker_units
    19, 5, 1, 0, 0, 0, 0,
    // king_danger_div
    192,
    // king_danger_max
    900,
    // king_advance_safe_units
    120,
};

PANTHEON_VARIANT_END
}  // namespace pantheon::search::eval_params
