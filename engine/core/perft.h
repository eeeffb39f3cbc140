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
PANTHEON_VARIANT_BEGIN

uint64_t perft(Position& pos, int depth);
// Each legal move with the perft of depth-1 after it. With a stop flag, ends
// early once it is set (the list then holds only the moves finished).
std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth,
                                                    const std::atomic<bool>* stop = nullptr);

PANTHEON_VARIANT_END
}  // namespace pantheon

namespace pantheon {
PANTHEON_VARIANT_BEGIN

// The divide listing shared by `pantheon perft --divide` and UCI `go perft`:
// one "MOVE: COUNT" line per legal move, a blank line, "Nodes searched: N".
// With a stop flag: nullopt if it was set before the count finished.
std::optional<std::string> divide_report(Position& pos, int depth, const std::atomic<bool>* stop);
std::string divide_report(Position& pos, int depth);

PANTHEON_VARIANT_END
}  // namespace pantheon
