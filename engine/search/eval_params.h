// The hand-crafted evaluation's parameters: their layout (named blocks in one
// flat array, which `pantheon tune` fits) and named views of the values. The
// values themselves live in one generated file per game, eval_weights.h or
// eval_weights_<game>.h, which the game's header names.
// Units are centipawns unless stated otherwise; king-danger "units" are
// quarter units (penalty = units^2 / KING_DANGER_DIV). Tables indexed by
// PieceType follow the order P N B R C M Q A K G E H T I S
// (engine/core/variant.h); hand tables follow P N B R C M Q A.
#pragma once

#include <array>

#include "engine/core/types.h"

namespace pantheon::search::eval_params {
PANTHEON_VARIANT_BEGIN

// How a block enters the evaluation; the tuner fits linear and unit blocks.
enum class BlockKind {
    Linear,  // score += value * count of a feature
    Units,   // king-danger units (the penalty is quadratic in their sum)
    Fixed,   // a shape constant, not tuned
};

struct Block {
    const char* name;
    int size;
    BlockKind kind;
    const char* doc;
};

// The order of this list is the order of values in eval_weights.h.
inline constexpr Block BLOCKS[] = {
    {"board_value", PIECE_TYPE_NB, BlockKind::Linear,
     "a piece on the board, by type (the king's entry is never used)"},
    {"hand_value", HAND_TYPE_NB, BlockKind::Linear,
     "a piece in hand (it can be dropped anywhere: worth more than on the board)"},
    {"centrality", PIECE_TYPE_NB, BlockKind::Linear,
     "per step of centralisation (0 on the rim, 4 in the centre)"},
    {"pawn_advance", RANK_NB, BlockKind::Linear, "a pawn by relative rank"},
    {"guard_advance", RANK_NB, BlockKind::Linear,
     "a guard or centaur (promoted attackers) by relative rank"},
    {"mobility", PIECE_TYPE_NB, BlockKind::Linear,
     "per attacked square not holding an own piece (sliders)"},
    {"king_shelter", 9, BlockKind::Linear, "by the number of own pieces next to the king"},
    {"king_escape", 9, BlockKind::Linear,
     "by the number of squares the king can step to (empty or enemy, not attacked)"},
    {"king_advance", RANK_NB, BlockKind::Linear,
     "the king by relative rank (campmate race), scaled down by its danger units"},
    {"campmate_threat", 1, BlockKind::Linear,
     "a king one safe step from its last rank (wins next move unless stopped)"},
    {"tempo", 1, BlockKind::Linear, "side to move"},
    {"zone_attack_units", PIECE_TYPE_NB, BlockKind::Units,
     "per king-zone square an enemy piece of this type attacks"},
    {"weak_zone_square_units", 1, BlockKind::Units,
     "per king-zone square the enemy attacks and we do not defend"},
    {"drop_check_units", HAND_TYPE_NB, BlockKind::Units,
     "per empty square near the king where an enemy hand piece would drop with check"},
    {"drop_check_unguarded_units", HAND_TYPE_NB, BlockKind::Units,
     "... more when we do not guard that square"},
    {"hand_attacker_units", HAND_TYPE_NB, BlockKind::Units,
     "per enemy hand piece (at most two of a type) while the king zone has an empty square"},
    {"king_danger_div", 1, BlockKind::Fixed, "penalty = units^2 / king_danger_div"},
    {"king_danger_max", 1, BlockKind::Fixed, "... at most this"},
    {"king_advance_safe_units", 1, BlockKind::Fixed,
     "king_advance is full at 0 danger units, none at this many or more"},
};
inline constexpr int BLOCK_NB = int(sizeof(BLOCKS) / sizeof(BLOCKS[0]));

constexpr int block_index(const char* name) {
    for (int b = 0; b < BLOCK_NB; ++b) {
        const char* a = BLOCKS[b].name;
        const char* n = name;
        while (*a && *a == *n) ++a, ++n;
        if (*a == *n) return b;
    }
    return -1;
}
// Offset of a block's first value in the flat array.
constexpr int offset_of(const char* name) {
    int at = 0;
    for (int b = 0; b < block_index(name); ++b) at += BLOCKS[b].size;
    return at;
}
constexpr int param_count() {
    int n = 0;
    for (const Block& b : BLOCKS) n += b.size;
    return n;
}
inline constexpr int PARAM_NB = param_count();
using Weights = std::array<int, PARAM_NB>;

// Offsets of the blocks (the evaluation and its trace address values by them).
inline constexpr int BOARD_VALUE_AT = offset_of("board_value");
inline constexpr int HAND_VALUE_AT = offset_of("hand_value");
inline constexpr int CENTRALITY_AT = offset_of("centrality");
inline constexpr int PAWN_ADVANCE_AT = offset_of("pawn_advance");
inline constexpr int GUARD_ADVANCE_AT = offset_of("guard_advance");
inline constexpr int MOBILITY_AT = offset_of("mobility");
inline constexpr int KING_SHELTER_AT = offset_of("king_shelter");
inline constexpr int KING_ESCAPE_AT = offset_of("king_escape");
inline constexpr int KING_ADVANCE_AT = offset_of("king_advance");
inline constexpr int CAMPMATE_THREAT_AT = offset_of("campmate_threat");
inline constexpr int TEMPO_AT = offset_of("tempo");
inline constexpr int ZONE_ATTACK_UNITS_AT = offset_of("zone_attack_units");
inline constexpr int WEAK_ZONE_SQUARE_UNITS_AT = offset_of("weak_zone_square_units");
inline constexpr int DROP_CHECK_UNITS_AT = offset_of("drop_check_units");
inline constexpr int DROP_CHECK_UNGUARDED_UNITS_AT = offset_of("drop_check_unguarded_units");
inline constexpr int HAND_ATTACKER_UNITS_AT = offset_of("hand_attacker_units");
inline constexpr int KING_DANGER_DIV_AT = offset_of("king_danger_div");
inline constexpr int KING_DANGER_MAX_AT = offset_of("king_danger_max");
inline constexpr int KING_ADVANCE_SAFE_UNITS_AT = offset_of("king_advance_safe_units");

PANTHEON_VARIANT_END
}  // namespace pantheon::search::eval_params

// WEIGHTS: the values of the game being compiled (generated by `pantheon
// tune`), from the file its header names (engine/core/games/<game>.h).
#include PANTHEON_VARIANT_EVAL_WEIGHTS

namespace pantheon::search::eval_params {
PANTHEON_VARIANT_BEGIN

// Named views of the values.
inline constexpr const int* BOARD_VALUE = WEIGHTS.data() + BOARD_VALUE_AT;
inline constexpr const int* HAND_VALUE = WEIGHTS.data() + HAND_VALUE_AT;
inline constexpr const int* CENTRALITY = WEIGHTS.data() + CENTRALITY_AT;
inline constexpr const int* PAWN_ADVANCE = WEIGHTS.data() + PAWN_ADVANCE_AT;
inline constexpr const int* GUARD_ADVANCE = WEIGHTS.data() + GUARD_ADVANCE_AT;
inline constexpr const int* MOBILITY = WEIGHTS.data() + MOBILITY_AT;
inline constexpr const int* KING_SHELTER = WEIGHTS.data() + KING_SHELTER_AT;
inline constexpr const int* KING_ESCAPE = WEIGHTS.data() + KING_ESCAPE_AT;
inline constexpr const int* KING_ADVANCE = WEIGHTS.data() + KING_ADVANCE_AT;
inline constexpr int CAMPMATE_THREAT = WEIGHTS[CAMPMATE_THREAT_AT];
inline constexpr int TEMPO = WEIGHTS[TEMPO_AT];
inline constexpr const int* ZONE_ATTACK_UNITS = WEIGHTS.data() + ZONE_ATTACK_UNITS_AT;
inline constexpr int WEAK_ZONE_SQUARE_UNITS = WEIGHTS[WEAK_ZONE_SQUARE_UNITS_AT];
inline constexpr const int* DROP_CHECK_UNITS = WEIGHTS.data() + DROP_CHECK_UNITS_AT;
inline constexpr const int* DROP_CHECK_UNGUARDED_UNITS =
    WEIGHTS.data() + DROP_CHECK_UNGUARDED_UNITS_AT;
inline constexpr const int* HAND_ATTACKER_UNITS = WEIGHTS.data() + HAND_ATTACKER_UNITS_AT;
inline constexpr int KING_DANGER_DIV = WEIGHTS[KING_DANGER_DIV_AT];
inline constexpr int KING_DANGER_MAX = WEIGHTS[KING_DANGER_MAX_AT];
inline constexpr int KING_ADVANCE_SAFE_UNITS = WEIGHTS[KING_ADVANCE_SAFE_UNITS_AT];

// The two non-linear pieces of the king terms, shared by the evaluation
// (integers) and the tuner's model of it (reals, same formulas).
constexpr int king_danger_penalty(int units) {
    const int p = units * units / KING_DANGER_DIV;
    return p < KING_DANGER_MAX ? p : KING_DANGER_MAX;
}
constexpr int king_advance_term(int advance_value, int units) {
    const int safety = units < KING_ADVANCE_SAFE_UNITS ? KING_ADVANCE_SAFE_UNITS - units : 0;
    return advance_value * safety / KING_ADVANCE_SAFE_UNITS;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search::eval_params
