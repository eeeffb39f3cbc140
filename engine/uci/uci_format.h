// Text of the engine's UCI replies: info lines and bestmove.
#pragma once

#include <string>

#include "engine/search/search.h"

namespace pantheon::uci {
PANTHEON_VARIANT_BEGIN

// "cp 35", "mate 3", "mate -2", with " lowerbound"/" upperbound" when the
// score is only a bound.
std::string format_score(int score, search::Bound bound = search::Bound::Exact);
std::string format_info(const search::Info& info);
// "bestmove e3e4 ponder d7d6", or "bestmove (none)" without a move.
std::string format_bestmove(Move best, Move ponder = Move::none());

PANTHEON_VARIANT_END
}  // namespace pantheon::uci
