// Ending games early or at a length limit, from the engines' own scores.
//
// Resign rule: when, for `resign_moves` consecutive moves of EACH engine
// (2 * resign_moves plies in a row), both engines agree that the same side is
// losing by at least `resign_cp` (mate scores count as beyond any threshold),
// that side loses. A move without a score breaks the streak.
//
// Maximum length: a game still running after `max_plies` plies is scored by
// the last score each engine reported, both turned to White's point of view
// and added: positive, White wins; negative, Black wins; zero (or no scores)
// is a draw. Mansindam itself has no draws; this is the only way one arises.
#pragma once

#include <optional>

#include "engine/core/types.h"
#include "selfplay/match/game_record.h"

namespace pantheon::match {

struct AdjudicationSettings {
    int resign_moves = 0;  // 0: no resign adjudication
    int resign_cp = 1000;
    int max_plies = 0;  // 0: no length limit
};

class Adjudicator {
  public:
    explicit Adjudicator(const AdjudicationSettings& s) : settings_(s) {}

    // Records the score reported with the move just played by `mover`.
    void record(Color mover, const std::optional<Score>& score);
    // The side that resigns by the rule, if the streak is long enough.
    std::optional<Color> resigning_side() const;
    bool length_reached(int plies) const {
        return settings_.max_plies > 0 && plies >= settings_.max_plies;
    }
    // The outcome at the length limit (see the rule above).
    Outcome length_outcome() const;

  private:
    AdjudicationSettings settings_;
    int streak_ = 0;                                // consecutive plies agreeing on the losing side
    int streak_sign_ = 0;                           // +1: White is winning, -1: Black is winning
    std::optional<int> last_white_view_[COLOR_NB];  // per engine, White's view
};

}  // namespace pantheon::match
