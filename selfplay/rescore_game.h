// Rescoring one recorded game: every searched (non-excluded) ply's position
// is rebuilt by replaying the game from its start, so the judge sees the
// history the repetition rules need, exactly as in self-play, and judged
// again (position_judge.h: our search, or an outside engine). The ply takes
// the new verdict's best move and score (mate scores clamped as self-play
// clamps them), plus the label terms asked for; its played move and
// exclusion, the game's start and its result stay.
#pragma once

#include <cstdint>
#include <string>

#include "data/game_record.h"
#include "selfplay/position_judge.h"

namespace pantheon::selfplay {

// What becomes of each searched ply's verdict. Variant-free.
struct RescoreLabels {
    // False: no search; the recorded best move and score are kept and only
    // the terms below are added.
    bool search = true;
    // The score plus this percentage of the hand-crafted king-danger balance
    // of the position (search/king_danger.h): labels that teach a net the
    // danger it under-weighs (docs/LOOP.md). Mate scores are left as they
    // are. 0: nothing added.
    int king_danger_percent = 0;
    // A ply whose recorded score is a mate keeps its verdict unsearched; the
    // others are judged again. Mates one judge found (an outside engine's,
    // rescored first) kept beside another judge's verdicts elsewhere.
    bool keep_mates = false;
};

// Variant-free: the command line prints them for either game.
struct RescoreCounts {
    uint64_t searched = 0;        // plies searched again (relabelled, without a search)
    uint64_t mates_kept = 0;      // plies whose mate verdict was kept unsearched (keep_mates)
    uint64_t declined = 0;        // of the searched, plies the judge gave no verdict (kept theirs)
    uint64_t scores_changed = 0;  // of the searched, plies whose score changed
    uint64_t best_changed = 0;    // of the searched, plies whose best move changed
    uint64_t handled() const { return searched + mates_kept; }
};

PANTHEON_VARIANT_BEGIN

// `judge` is reset (new_game) first, so the result depends only on the game
// and the judge's settings; it is null when `labels.search` is false (no
// search, so no hash table or engine is made for it).
// False with a message if a played move is not legal or the judge gives no
// verdict where a move was played.
bool rescore_game(PositionJudge* judge, const RescoreLabels& labels, const data::GameRecord& in,
                  data::GameRecord& out, RescoreCounts& counts, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
