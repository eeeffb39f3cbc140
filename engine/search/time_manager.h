// How long to think: an optimum (no new iteration starts after it, scaled by
// how stable the best move is) and a hard maximum (the search is aborted).
// Never more than the clock minus the Move Overhead allows.
#pragma once

#include <chrono>
#include <cstdint>

#include "engine/search/search.h"

namespace pantheon::search {

class TimeManager {
  public:
    using Clock = std::chrono::steady_clock;

    void start(const Limits& limits, Color us, int64_t move_overhead_ms, int game_ply);
    int64_t elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
    }
    bool enabled() const { return enabled_; }
    int64_t optimum_ms() const { return optimum_ms_; }
    int64_t maximum_ms() const { return maximum_ms_; }
    // "go movetime" without a clock: the whole time is used, no early stop.
    bool fixed_time() const { return fixed_time_; }

  private:
    Clock::time_point start_ = Clock::now();
    bool enabled_ = false;
    bool fixed_time_ = false;
    int64_t optimum_ms_ = 0;
    int64_t maximum_ms_ = 0;
};

}  // namespace pantheon::search
