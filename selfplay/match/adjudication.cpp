#include "selfplay/match/adjudication.h"

namespace pantheon::match {

void Adjudicator::record(Color mover, const std::optional<Score>& score) {
    if (!score) {
        streak_ = 0;
        return;
    }
    // UCI scores are from the mover's point of view.
    const int own = score->as_centipawns();
    const int white_view = mover == WHITE ? own : -own;
    last_white_view_[mover] = white_view;
    const int sign = white_view >= settings_.resign_cp    ? 1
                     : white_view <= -settings_.resign_cp ? -1
                                                          : 0;
    if (sign == 0) {
        streak_ = 0;
    } else if (sign == streak_sign_ && streak_ > 0) {
        ++streak_;
    } else {
        streak_ = 1;
        streak_sign_ = sign;
    }
}

std::optional<Color> Adjudicator::resigning_side() const {
    if (settings_.resign_moves <= 0 || streak_ < 2 * settings_.resign_moves) return std::nullopt;
    return streak_sign_ > 0 ? BLACK : WHITE;
}

Outcome Adjudicator::length_outcome() const {
    long sum = 0;
    for (const auto& v : last_white_view_)
        if (v) sum += *v;
    return sum > 0 ? Outcome::WhiteWins : sum < 0 ? Outcome::BlackWins : Outcome::Draw;
}

}  // namespace pantheon::match
