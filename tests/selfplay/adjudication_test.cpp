#include "selfplay/adjudication.h"

#include <gtest/gtest.h>

namespace pantheon::selfplay {
namespace {

TEST(SelfplayAdjudication, ResignsAfterTheWindowOfScoresBeyondTheThreshold) {
    Adjudicator adj({1000, 4});
    Color stm = WHITE;
    // White is winning: +1200 from White's view, -1200 from Black's.
    for (int i = 0; i < 3; ++i, stm = ~stm) EXPECT_FALSE(adj.add(stm == WHITE ? 1200 : -1200, stm));
    const auto winner = adj.add(stm == WHITE ? 1200 : -1200, stm);
    ASSERT_TRUE(winner);
    EXPECT_EQ(*winner, WHITE);
}

TEST(SelfplayAdjudication, StreakRestartsWhenTheScoreDropsOrFlips) {
    Adjudicator adj({1000, 3});
    EXPECT_FALSE(adj.add(-1500, WHITE));  // Black winning
    EXPECT_FALSE(adj.add(1500, BLACK));
    EXPECT_FALSE(adj.add(500, WHITE));  // below the threshold: streak broken
    EXPECT_FALSE(adj.add(1500, BLACK));
    EXPECT_FALSE(adj.add(-1500, WHITE));
    EXPECT_FALSE(adj.add(-1500, BLACK));  // White winning now: new streak
    EXPECT_FALSE(adj.add(1500, WHITE));
    const auto winner = adj.add(-1500, BLACK);
    ASSERT_TRUE(winner);
    EXPECT_EQ(*winner, WHITE);
}

TEST(SelfplayAdjudication, ZeroThresholdNeverResigns) {
    Adjudicator adj({0, 1});
    for (int i = 0; i < 10; ++i) EXPECT_FALSE(adj.add(30000, WHITE));
}

TEST(SelfplayAdjudication, LengthCapFollowsTheRecentScores) {
    Adjudicator adj({0, 4});
    adj.add(-50, WHITE);  // dropped from the window later
    adj.add(-10, BLACK);  // White +10
    adj.add(20, WHITE);
    adj.add(-5, BLACK);   // White +5
    adj.add(-30, WHITE);  // White -30: window sum is 10 + 20 + 5 - 30 = +5
    EXPECT_EQ(adj.length_cap_winner(BLACK), WHITE);
    adj.add(40, BLACK);  // White -40: sum 20 + 5 - 30 - 40 < 0
    EXPECT_EQ(adj.length_cap_winner(WHITE), BLACK);

    Adjudicator silent({0, 4});
    EXPECT_EQ(silent.length_cap_winner(WHITE), BLACK);  // a tie goes against the side to move
    EXPECT_EQ(silent.length_cap_winner(BLACK), WHITE);
}

}  // namespace
}  // namespace pantheon::selfplay
