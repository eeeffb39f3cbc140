// Move-path enumeration for testing move generation (SPEC perft convention:
// no history, a finished game has no moves).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/position.h"

namespace pantheon {

uint64_t perft(Position& pos, int depth);
// Each legal move with the perft of depth-1 after it. With a stop flag, ends
// early once it is set (the list then holds only the moves finished).
std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth,
                                                    const std::atomic<bool>* stop = nullptr);

}  // namespace pantheon

namespace pantheon {

// The divide listing shared by `pantheon perft --divide` and UCI `go perft`:
// one "MOVE: COUNT" line per legal move, a blank line, "Nodes searched: N".
// With a stop flag: nullopt if it was set before the count finished.
std::optional<std::string> divide_report(Position& pos, int depth, const std::atomic<bool>* stop);
std::string divide_report(Position& pos, int depth);

}  // namespace pantheon
