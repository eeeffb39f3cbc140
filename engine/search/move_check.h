// Move facts the search needs quickly, without generating move lists:
// validating moves from untrusted sources (transposition table, killers),
// and the campmate win and its threat.
#pragma once

#include "engine/core/position.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

// Whether m is a legal move in pos (perft convention: game history ignored).
// Agrees exactly with generate_legal().
bool is_valid_move(const Position& pos, Move m);

// Squares on c's campmate rank that c's king could legally step onto now
// (ignoring whose turn it is). Empty unless the king is one step away.
Bitboard campmate_steps(const Position& pos, Color c);

// The side to move wins at once by stepping its king onto its last rank.
inline bool campmate_available(const Position& pos) {
    return campmate_steps(pos, pos.side_to_move()) != 0;
}
// The opponent of the side to move would win by campmate if given the move.
inline bool campmate_threatened(const Position& pos) {
    return campmate_steps(pos, ~pos.side_to_move()) != 0;
}
// A winning king step for the side to move, or Move::none().
Move campmate_move(const Position& pos);

// Whether m (legal in pos) gives check. discoverers: our pieces that shield
// the enemy king from one of our sliders (pos.king_blockers(them) & ours).
bool gives_check(const Position& pos, Move m, Bitboard discoverers);

// Side to move has something besides king and pawns, on the board or in hand
// (null-move pruning is unsafe in pawn-and-king positions: zugzwang loses).
bool has_non_pawn_material(const Position& pos, Color c);

PANTHEON_VARIANT_END
}  // namespace pantheon::search
