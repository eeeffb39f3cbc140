// Move-path enumeration for testing move generation (SPEC perft convention:
// no history, a finished game has no moves).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/position.h"

namespace pantheon {

uint64_t perft(Position& pos, int depth);
// Each legal move with the perft of depth-1 after it.
std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace pantheon

namespace pantheon {

// The divide listing shared by `pantheon perft --divide` and UCI `go perft`:
// one "MOVE: COUNT" line per legal move, a blank line, "Nodes searched: N".
std::string divide_report(Position& pos, int depth);

}  // namespace pantheon
