#include "engine/search/time_manager.h"

#include <algorithm>
#include <iterator>

#include "engine/search/search_params.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

void TimeManager::start(const Limits& limits, Color us, int64_t move_overhead_ms,
                        int /*game_ply*/) {
    start_ = Clock::now();
    enabled_ = limits.use_clock() && !limits.infinite;
    optimum_ms_ = maximum_ms_ = first_move_backstop_ms_ = 0;
    fixed_time_ = false;
    if (!enabled_) return;

    const int64_t overhead = std::max<int64_t>(0, move_overhead_ms);
    if (limits.movetime_ms > 0) {
        // A fixed time per move: use it all, minus the overhead, at least 1 ms.
        optimum_ms_ = maximum_ms_ = std::max<int64_t>(1, limits.movetime_ms - overhead);
        fixed_time_ = limits.time_ms[us] <= 0;
    }
    // Without a clock of our own there is no flag to lose: the first root move
    // gets its second.
    first_move_backstop_ms_ = std::max(maximum_ms_, params::FIRST_MOVE_MIN_MS);

    const int64_t clock = limits.time_ms[us];
    if (clock <= 0) return;  // only movetime given (handled above), or no clock for us
    const int64_t inc = std::max<int64_t>(0, limits.inc_ms[us]);
    const int mtg = limits.movestogo > 0 ? std::min(limits.movestogo, params::TM_MAX_MOVES_TO_GO)
                                         : params::TM_DEFAULT_MOVES_TO_GO;
    // What may be spent on this move without risking the flag.
    const int64_t usable = std::max<int64_t>(1, clock - overhead);
    int64_t optimum = usable / mtg + int64_t(inc * params::TM_INCREMENT_SHARE);
    int64_t maximum = int64_t(optimum * params::TM_MAXIMUM_RATIO);
    // The most one move may take: a tenth of the clock stays for the lag.
    const int64_t most_of_clock = std::max<int64_t>(1, usable - usable / 10);
    const int64_t cap =
        limits.movestogo == 1 ? most_of_clock : int64_t(usable * params::TM_MAXIMUM_OF_CLOCK);
    maximum = std::clamp<int64_t>(maximum, 1, std::max<int64_t>(1, cap));
    optimum = std::clamp<int64_t>(optimum, 1, maximum);
    if (limits.movetime_ms > 0) {
        optimum = std::min(optimum, optimum_ms_);
        maximum = std::min(maximum, maximum_ms_);
    }
    optimum_ms_ = optimum;
    maximum_ms_ = maximum;
    first_move_backstop_ms_ = std::max(
        maximum, std::clamp(most_of_clock, params::FIRST_MOVE_FLOOR_MS, params::FIRST_MOVE_MIN_MS));
}

void IterationTrend::add(Move best, int score) {
    changes_ /= 2;
    if (count_ > 0 && best != best_) changes_ += 1;
    stable_ = count_ > 0 && best == best_ ? stable_ + 1 : 0;
    best_ = best;
    scores_[2] = scores_[1];
    scores_[1] = scores_[0];
    scores_[0] = score;
    ++count_;
}

double IterationTrend::time_factor() const {
    const double stability =
        params::TM_STABLE_SHARE[std::min(stable_, int(std::size(params::TM_STABLE_SHARE)) - 1)];
    const double instability = 1 + params::TM_CHANGE_WEIGHT * changes_;
    double falling = 1;
    if (count_ >= 2 && !is_mate_score(scores_[0]) && !is_mate_score(scores_[1])) {
        // The score now against the mean of the iterations before.
        const int older = count_ >= 3 && !is_mate_score(scores_[2]) ? scores_[2] : scores_[1];
        const double drop = (scores_[1] + older) / 2.0 - scores_[0];
        falling =
            std::clamp(1 + drop / params::TM_FALL_SCALE, params::TM_FALL_MIN, params::TM_FALL_MAX);
    }
    return stability * instability * falling;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search
