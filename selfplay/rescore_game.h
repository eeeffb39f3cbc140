// Rescoring one recorded game: every searched (non-excluded) ply's position
// is rebuilt by replaying the game from its start, so the search sees the
// history the repetition rules need, exactly as in self-play, and searched
// again. The ply takes the new search's best move and score (mate scores
// clamped as self-play clamps them); its played move and exclusion, the
// game's start and its result stay.
#pragma once

#include <cstdint>
#include <string>

#include "data/game_record.h"
#include "selfplay/worker_search.h"

namespace pantheon::selfplay {

// Variant-free: the command line prints them for either game.
struct RescoreCounts {
    uint64_t searched = 0;        // plies searched again
    uint64_t scores_changed = 0;  // of them, plies whose score changed
    uint64_t best_changed = 0;    // of them, plies whose best move changed
};

PANTHEON_VARIANT_BEGIN

// `search` is reset (new_game) first, so the result depends only on the game
// and the search settings. False with a message if a played move is not
// legal or the search finds no move where one was played.
bool rescore_game(WorkerSearch& search, const data::GameRecord& in, data::GameRecord& out,
                  RescoreCounts& counts, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
