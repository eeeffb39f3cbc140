// Plays one self-play game: the opening's random plies (kept in the record,
// marked excluded since no search judged them), then searched moves until the
// rules end the game or it is adjudicated (game/adjudication.h).
#pragma once

#include <cstdint>

#include "data/game_record.h"
#include "engine/search/search.h"
#include "selfplay/openings.h"
#include "selfplay/options.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

// `engine` must be single-threaded; it is reset (new_game) first, so the game
// depends only on the opening, the options and game_seed. Throws
// std::runtime_error if the search fails to produce a move it must have.
data::GameRecord play_game(search::Engine& engine, const Opening& opening,
                           const game::OpeningBook* book, const SelfplayOptions& options,
                           uint64_t game_seed);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
