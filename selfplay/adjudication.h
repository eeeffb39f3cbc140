// Ending a game early on the search's verdict. Resign: the score (White's
// view) has stayed at or beyond the threshold, with the same sign, for the
// last N searched plies. Length cap: at the maximum game length the side the
// recent scores favour wins (the sum of the White-view scores of the last N
// searched plies; an exact tie, or no score at all, goes against the side to
// move, as running out of moves would).
#pragma once

#include <deque>
#include <optional>

#include "engine/core/types.h"

namespace pantheon::selfplay {

struct AdjudicationRules {
    int resign_score = 0;  // centipawns; 0 = never resign
    int resign_plies = 1;  // window length, also used by the length cap
};

class Adjudicator {
  public:
    explicit Adjudicator(const AdjudicationRules& rules) : rules_(rules) {}

    // Feeds the search score of a position (side to move's view) before its
    // move is made; returns the winner once resignation applies.
    std::optional<Color> add(int score, Color side_to_move);

    // Winner when the game reaches the length cap with `side_to_move` to move.
    Color length_cap_winner(Color side_to_move) const;

  private:
    AdjudicationRules rules_;
    std::deque<int> recent_;  // White-view scores of the last resign_plies searched plies
    int streak_ = 0;          // consecutive plies beyond the threshold with one sign
    int streak_sign_ = 0;
};

}  // namespace pantheon::selfplay
