// Plays one self-play game: the opening's random plies (kept in the record,
// marked excluded since no search judged them), then searched moves until the
// rules end the game or it is adjudicated (referee/adjudication.h).
#pragma once

#include <cstdint>

#include "data/game_record.h"
#include "selfplay/openings.h"
#include "selfplay/options.h"
#include "selfplay/worker_search.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

// `search` is reset (new_game) first, so the game depends only on the
// opening, the options and game_seed. Throws std::runtime_error if the search
// fails to produce a move it must have.
data::GameRecord play_game(WorkerSearch& search, const Opening& opening,
                           const referee::OpeningBook* book, const SelfplayOptions& options,
                           uint64_t game_seed);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
