// How long to think: an optimum (no new iteration starts after it, scaled by
// how stable the best move is) and a hard maximum (the search is aborted).
// Never more than the clock minus the Move Overhead allows.
#pragma once

#include <chrono>
#include <cstdint>

#include "engine/search/search.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

// What the completed iterations say about how much time this move deserves:
// more when the best move keeps changing or the score falls, less when both
// are settled.
class IterationTrend {
  public:
    void add(Move best, int score);  // after each completed iteration
    // Multiplier of the optimum time.
    double time_factor() const;
    int stable_iterations() const { return stable_; }

  private:
    Move best_;
    int count_ = 0;
    int stable_ = 0;      // iterations since the best move last changed
    double changes_ = 0;  // best-move changes, halved each iteration
    int scores_[3] = {};  // the last scores, newest first
};

class TimeManager {
  public:
    using Clock = std::chrono::steady_clock;

    void start(const Limits& limits, Color us, int64_t move_overhead_ms, int game_ply);
    // The clock starts again now with the same budget (ponderhit).
    void restart() { start_ = Clock::now(); }
    int64_t elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
    }
    bool enabled() const { return enabled_; }
    int64_t optimum_ms() const { return optimum_ms_; }
    int64_t maximum_ms() const { return maximum_ms_; }
    // How long the search may wait for its first root move to be searched in
    // full: beyond the maximum when that is too short to search at all, but
    // never so far that the clock runs out.
    int64_t first_move_backstop_ms() const { return first_move_backstop_ms_; }
    // "go movetime" without a clock: the whole time is used, no early stop.
    bool fixed_time() const { return fixed_time_; }

  private:
    Clock::time_point start_ = Clock::now();
    bool enabled_ = false;
    bool fixed_time_ = false;
    int64_t optimum_ms_ = 0;
    int64_t maximum_ms_ = 0;
    int64_t first_move_backstop_ms_ = 0;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::search
