// Every tunable number of the hand-crafted evaluation, in one place.
// Units are centipawns unless stated otherwise. Tables indexed by PieceType
// follow the order P N B R C M Q A K G E H T I S (see engine/core/variant.h).
#pragma once

#include "engine/core/types.h"

namespace pantheon::search::eval_params {

// --- material ----------------------------------------------------------------
// A piece on the board, by type (promoted types included; the king is priceless).
constexpr int BOARD_VALUE[PIECE_TYPE_NB] = {
    100,   // pawn
    320,   // knight
    380,   // bishop
    520,   // rook
    780,   // cardinal
    880,   // marshal
    960,   // queen
    1200,  // angel
    0,     // king
    300,   // guard    (promoted pawn)
    480,   // centaur  (promoted knight)
    560,   // archer   (promoted bishop)
    700,   // tiger    (promoted rook)
    920,   // rhino    (promoted cardinal)
    1020,  // ship     (promoted marshal)
};
// A piece in hand: it can be dropped anywhere, so it is worth more than the
// same piece standing on the board.
constexpr int HAND_VALUE[HAND_TYPE_NB] = {
    118,   // pawn
    345,   // knight
    405,   // bishop
    555,   // rook
    815,   // cardinal
    915,   // marshal
    995,   // queen
    1245,  // angel
};

// --- piece-square terms (built from these shapes in hce_tables.h) ----------------
// Bonus per step of centralisation (0 on the rim, 4 in the centre).
constexpr int CENTRALITY[PIECE_TYPE_NB] = {
    0, 10, 4, 2, 6, 5, 3, 4, 0, 6, 9, 5, 3, 6, 5,
};
// Pawns gain as they approach the promotion zone (index = relative rank).
constexpr int PAWN_ADVANCE[RANK_NB] = {0, 0, 0, 6, 14, 26, 40, 0, 0};
// Promoted minor pieces (guard, centaur) are attackers: reward advancing them.
constexpr int GUARD_ADVANCE[RANK_NB] = {0, 0, 4, 8, 14, 22, 30, 30, 24};

// --- mobility ------------------------------------------------------------------
// Per attacked square that is not occupied by an own piece (sliders only).
constexpr int MOBILITY[PIECE_TYPE_NB] = {
    0, 0, 3, 3, 2, 2, 2, 1, 0, 0, 0, 3, 3, 2, 2,
};

// --- king safety -----------------------------------------------------------------
// Attack units added per king-zone square a piece of this type attacks.
constexpr int ZONE_ATTACK_UNITS[PIECE_TYPE_NB] = {
    2, 3, 3, 4, 5, 6, 6, 7, 0, 3, 4, 4, 5, 6, 7,
};
// Attack units per empty square from which a hand piece of this type could be
// dropped giving check, and extra units when our pieces do not guard it.
constexpr int DROP_CHECK_UNITS[HAND_TYPE_NB] = {1, 1, 1, 2, 2, 3, 3, 3};
constexpr int DROP_CHECK_UNGUARDED_UNITS[HAND_TYPE_NB] = {1, 2, 2, 2, 3, 3, 3, 4};
// Units for each king-zone square the enemy attacks and we do not defend.
constexpr int WEAK_ZONE_SQUARE_UNITS = 3;
// Penalty = units^2 / KING_DANGER_DIV, at most KING_DANGER_MAX.
constexpr int KING_DANGER_DIV = 12;
constexpr int KING_DANGER_MAX = 900;
// Own pieces next to the king shield it.
constexpr int KING_SHELTER_PER_DEFENDER = 6;
constexpr int KING_SHELTER_MAX = 30;

// --- campmate race -----------------------------------------------------------------
// Bonus by the king's relative rank, scaled down as the king comes under attack
// (full at 0 attack units, none at KING_ADVANCE_SAFE_UNITS or more).
constexpr int KING_ADVANCE[RANK_NB] = {0, 0, 10, 24, 45, 80, 140, 260, 0};
constexpr int KING_ADVANCE_SAFE_UNITS = 30;
// A king one step from its last rank with a safe square to step onto there:
// it wins next move unless the opponent stops it.
constexpr int CAMPMATE_THREAT = 900;

// Side to move bonus.
constexpr int TEMPO = 15;

}  // namespace pantheon::search::eval_params
