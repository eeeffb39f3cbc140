#include "selfplay/rescore_game.h"

#include "data/game_replay.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

bool rescore_game(WorkerSearch& search, const data::GameRecord& in, data::GameRecord& out,
                  RescoreCounts& counts, std::string* error) {
    out = in;
    search.new_game();
    std::string failure;
    const bool replayed = data::replay_game(
        in,
        [&](const Position& pos, const data::PlyRecord& ply, int i) {
            if (ply.excluded || !failure.empty()) return;
            const search::Result found = search.search(pos);
            if (!found.best) {
                failure = "ply " + std::to_string(i + 1) + ": the search found no move in " +
                          pos.fen() + ", where the game played one";
                return;
            }
            data::PlyRecord& verdict = out.plies[size_t(i)];
            verdict.best = found.best;
            verdict.score = recorded_score(found);
            ++counts.searched;
            counts.scores_changed += verdict.score != ply.score;
            counts.best_changed += verdict.best != ply.best;
        },
        error);
    if (replayed && !failure.empty() && error) *error = failure;
    return replayed && failure.empty();
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
