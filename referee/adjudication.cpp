#include "referee/adjudication.h"

namespace pantheon::referee {
PANTHEON_VARIANT_BEGIN

void Adjudicator::record(Color mover, std::optional<int> score) {
    const bool counts_for_draw = plies_recorded_++ >= rules_.draw_after_plies;
    if (!score) {
        streak_ = 0;
        draw_streak_ = 0;
        return;
    }
    if (counts_for_draw)
        draw_streak_ = *score >= -rules_.draw_cp && *score <= rules_.draw_cp ? draw_streak_ + 1 : 0;
    const int white_view = mover == WHITE ? *score : -*score;
    if (rules_.cap_scoring == AdjudicationRules::CapScoring::RecentPlies) {
        recent_.push_back(white_view);
        if (int(recent_.size()) > rules_.cap_window) recent_.pop_front();
    } else {
        last_white_view_[mover] = white_view;
    }
    const int sign = white_view >= rules_.resign_cp ? 1 : white_view <= -rules_.resign_cp ? -1 : 0;
    streak_ = sign != 0 && sign == streak_sign_ ? streak_ + 1 : (sign != 0 ? 1 : 0);
    streak_sign_ = sign;
}

std::optional<Color> Adjudicator::cap_winner(Color side_to_move) const {
    long sum = 0;
    for (int s : recent_) sum += s;
    for (const auto& s : last_white_view_)
        if (s) sum += *s;
    if (sum > 0) return WHITE;
    if (sum < 0) return BLACK;
    if (rules_.tie_loses_side_to_move) return ~side_to_move;
    return std::nullopt;
}

std::optional<Adjudication> Adjudicator::verdict(int plies, Color side_to_move) const {
    if (rules_.resign_plies > 0 && streak_ >= rules_.resign_plies)
        return Adjudication{Adjudication::Kind::Resignation, streak_sign_ > 0 ? WHITE : BLACK};
    if (rules_.draw_plies > 0 && draw_streak_ >= rules_.draw_plies)
        return Adjudication{Adjudication::Kind::Draw, std::nullopt};
    if (rules_.max_plies > 0 && plies >= rules_.max_plies)
        return Adjudication{Adjudication::Kind::LengthCap, cap_winner(side_to_move)};
    return std::nullopt;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::referee
