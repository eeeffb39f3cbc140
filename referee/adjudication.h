// Ending a game early, or at a length cap, from the players' own scores: the
// one adjudicator of self-play and matches.
//
// Resignation: when the score (turned to White's view) has stayed at or
// beyond `resign_cp` with one sign for `resign_plies` scored plies in a row,
// the side behind loses. A ply without a score breaks the streak. Mate scores
// count as beyond any threshold.
//
// Draw (games with draws only; matches, fastchess's `-draw`): once
// `draw_after_plies` plies have been played from the start position, when
// `draw_plies` scored plies in a row have all been within +-`draw_cp`, the
// game is a draw. A ply without a score, or one beyond the bound, breaks the
// streak; plies before `draw_after_plies` do not count.
//
// Length cap: a game reaching `max_plies` plies is won by the side the scores
// favour: the sum of the last `cap_window` scores (RecentPlies), or of the
// last score each side reported (LastOfEachSide). A zero sum (or no score)
// is a draw, or a loss for the side to move (`tie_loses_side_to_move`),
// as running out of moves would be.
#pragma once

#include <deque>
#include <optional>

#include "engine/core/types.h"

namespace pantheon::referee {
PANTHEON_VARIANT_BEGIN

struct AdjudicationRules {
    enum class CapScoring { RecentPlies, LastOfEachSide };

    int resign_cp = 0;
    int resign_plies = 0;      // 0: never resign
    int draw_after_plies = 0;  // draw streaks count from this ply on
    int draw_plies = 0;        // 0: never adjudicate a draw
    int draw_cp = 0;
    int max_plies = 0;  // 0: no length cap
    CapScoring cap_scoring = CapScoring::LastOfEachSide;
    int cap_window = 1;  // RecentPlies: how many recent scores decide
    bool tie_loses_side_to_move = false;
};

// What the scores say about a game that the rules have not ended.
struct Adjudication {
    enum class Kind { Resignation, Draw, LengthCap } kind;
    std::optional<Color> winner;  // none: a draw (Draw, or a tied length cap)
};

class Adjudicator {
  public:
    explicit Adjudicator(const AdjudicationRules& rules) : rules_(rules) {}

    // The score the mover reported for the position it moved from (its own
    // view), or none.
    void record(Color mover, std::optional<int> score);

    // The adjudicated end, if any, of a game of `plies` plies with
    // `side_to_move` to move (resignation first, then a draw, then the length cap).
    std::optional<Adjudication> verdict(int plies, Color side_to_move) const;

    const AdjudicationRules& rules() const { return rules_; }

  private:
    std::optional<Color> cap_winner(Color side_to_move) const;

    AdjudicationRules rules_;
    int streak_ = 0;                                // scored plies in a row beyond the threshold
    int streak_sign_ = 0;                           // +1: White is ahead, -1: Black is ahead
    int plies_recorded_ = 0;                        // plies seen so far
    int draw_streak_ = 0;                           // counted plies in a row within +-draw_cp
    std::deque<int> recent_;                        // White-view scores, RecentPlies only
    std::optional<int> last_white_view_[COLOR_NB];  // per side, LastOfEachSide only
};

PANTHEON_VARIANT_END
}  // namespace pantheon::referee
