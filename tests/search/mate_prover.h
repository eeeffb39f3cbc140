// An exhaustive, engine-independent check of forced wins, for verifying the
// positions the mate tests use. It knows only the core's rules: a win is the
// opponent having no game-legal move (checkmate, stalemate, repetition) or
// our king reaching its last rank.
#pragma once

#include "engine/core/position.h"

namespace pantheon::test {

enum class AttackerMoves {
    All,            // every game-legal move
    ChecksAndKing,  // only checks and king moves (fast; enough for most mates)
};

// Whether the side to move forces a win within `moves` of its own moves
// against every defence.
bool forces_win(Position& pos, int moves, AttackerMoves which);

// Whether, with the defender to move, every defence loses within `moves`
// attacker moves.
bool every_defence_loses(Position& pos, int moves, AttackerMoves which);

// The smallest n <= max_moves with forces_win(pos, n), or 0 if none.
int shortest_forced_win(Position& pos, int max_moves, AttackerMoves which);

}  // namespace pantheon::test
