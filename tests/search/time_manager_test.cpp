// Time management (engine/search/time_manager.h), compiled once per game: a
// clock played move by move never runs out, and moves-to-go divides it.
#include "engine/search/time_manager.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/search/search_params.h"


namespace pantheon::search {
namespace {

constexpr int64_t OVERHEAD_MS = 30;

struct ClockPlayed {
    int64_t spent_ms = 0;
    int64_t lowest_clock_ms = 0;  // before the increment came back
};

// Plays `moves` moves on a clock of clock_ms + inc_ms a move, each taking
// the manager's optimum or its hard maximum (the lag the engine cannot see
// is what Move Overhead keeps in reserve).
ClockPlayed play_clock(int moves, int64_t clock_ms, int64_t inc_ms, bool take_maximum) {
    ClockPlayed played;
    played.lowest_clock_ms = clock_ms;
    for (int i = 0; i < moves; ++i) {
        Limits limits;
        limits.time_ms[WHITE] = clock_ms;
        limits.inc_ms[WHITE] = inc_ms;
        TimeManager tm;
        tm.start(limits, WHITE, OVERHEAD_MS, 2 * i);
        EXPECT_TRUE(tm.enabled());
        EXPECT_LE(tm.optimum_ms(), tm.maximum_ms());
        EXPECT_GE(tm.optimum_ms(), 1);
        const int64_t used = take_maximum ? tm.maximum_ms() : tm.optimum_ms();
        clock_ms -= used;
        played.spent_ms += used;
        played.lowest_clock_ms = std::min(played.lowest_clock_ms, clock_ms);
        if (clock_ms <= 0) break;
        clock_ms += inc_ms;
    }
    return played;
}

TEST(TimeManager, TheHardMaximumEveryMoveLeavesTheOverheadsReserve) {
    for (const int64_t clock : {300, 2000, 10000, 60000})
        EXPECT_GE(play_clock(300, clock, clock / 100, true).lowest_clock_ms, OVERHEAD_MS) << clock;
}

TEST(TimeManager, TheOptimumEveryMoveKeepsAReserveInALongGame) {
    const ClockPlayed played = play_clock(200, 10000, 100, false);
    EXPECT_GT(played.lowest_clock_ms, 300);
}

TEST(TimeManager, AMovesToGoClockIsSpreadOverTheMovesLeft) {
    Limits limits;
    limits.time_ms[BLACK] = 10000;
    limits.movestogo = 10;
    TimeManager tm;
    tm.start(limits, BLACK, OVERHEAD_MS, 0);
    EXPECT_EQ(tm.optimum_ms(), (10000 - OVERHEAD_MS) / 10);
    limits.movestogo = 1;
    tm.start(limits, BLACK, OVERHEAD_MS, 0);
    EXPECT_LT(tm.maximum_ms(), 10000 - OVERHEAD_MS);
    EXPECT_GT(tm.maximum_ms(), 8000);
}

TEST(TimeManager, TheFirstMoveBackstopNeverOutrunsTheClock) {
    // The wait for a first root move to be searched in full once reached past
    // the clock: with under a second left, a costly first move lost on time.
    for (const int64_t clock : {40, 300, 469, 900, 1200, 2000, 60000}) {
        for (const int64_t inc : {0, 100}) {
            SCOPED_TRACE("clock " + std::to_string(clock) + " inc " + std::to_string(inc));
            Limits limits;
            limits.time_ms[WHITE] = clock;
            limits.inc_ms[WHITE] = inc;
            TimeManager tm;
            tm.start(limits, WHITE, OVERHEAD_MS, 40);
            EXPECT_GE(tm.first_move_backstop_ms(), tm.maximum_ms());
            EXPECT_GE(tm.first_move_backstop_ms(), params::FIRST_MOVE_FLOOR_MS);
            // Below the floor the flag may fall; above it, never.
            if (clock > 2 * (params::FIRST_MOVE_FLOOR_MS + OVERHEAD_MS)) {
                EXPECT_LT(tm.first_move_backstop_ms() + OVERHEAD_MS, clock);
            }
            // Where the clock allows it, a costly first move still gets its second.
            if (clock >= 2 * params::FIRST_MOVE_MIN_MS) {
                EXPECT_GE(tm.first_move_backstop_ms(), params::FIRST_MOVE_MIN_MS);
            }
        }
    }
}

TEST(TimeManager, WithoutItsOwnClockTheFirstMoveGetsItsSecond) {
    // No flag to lose: a movetime too short to search at all, or only the
    // opponent's clock, still waits up to the backstop for a searched move.
    Limits movetime;
    movetime.movetime_ms = 5;
    Limits opponent_only;
    opponent_only.time_ms[BLACK] = 60000;
    for (const Limits& limits : {movetime, opponent_only}) {
        TimeManager tm;
        tm.start(limits, WHITE, OVERHEAD_MS, 0);
        EXPECT_TRUE(tm.enabled());
        EXPECT_EQ(tm.first_move_backstop_ms(), params::FIRST_MOVE_MIN_MS);
    }
}

}  // namespace
}  // namespace pantheon::search
