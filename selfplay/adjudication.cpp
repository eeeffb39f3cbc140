#include "selfplay/adjudication.h"

namespace pantheon::selfplay {

std::optional<Color> Adjudicator::add(int score, Color side_to_move) {
    const int white_score = side_to_move == WHITE ? score : -score;
    recent_.push_back(white_score);
    if (int(recent_.size()) > rules_.resign_plies) recent_.pop_front();
    if (rules_.resign_score <= 0) return std::nullopt;

    const int sign = white_score >= rules_.resign_score    ? 1
                     : white_score <= -rules_.resign_score ? -1
                                                           : 0;
    streak_ = sign != 0 && sign == streak_sign_ ? streak_ + 1 : (sign != 0 ? 1 : 0);
    streak_sign_ = sign;
    if (streak_ >= rules_.resign_plies) return streak_sign_ > 0 ? WHITE : BLACK;
    return std::nullopt;
}

Color Adjudicator::length_cap_winner(Color side_to_move) const {
    long sum = 0;
    for (int s : recent_) sum += s;
    if (sum > 0) return WHITE;
    if (sum < 0) return BLACK;
    return ~side_to_move;
}

}  // namespace pantheon::selfplay
