#include "referee/adjudication.h"

#include <gtest/gtest.h>

namespace pantheon::referee {
namespace {

using Kind = Adjudication::Kind;

// Self-play's policy: resign after a window of scored plies, the length cap
// scored by the same window, a tie against the side to move.
AdjudicationRules selfplay_rules(int resign_cp, int plies, int max_plies = 0) {
    AdjudicationRules r;
    r.resign_cp = resign_cp;
    r.resign_plies = resign_cp > 0 ? plies : 0;  // as self-play maps its options
    r.max_plies = max_plies;
    r.cap_scoring = AdjudicationRules::CapScoring::RecentPlies;
    r.cap_window = plies;
    r.tie_loses_side_to_move = true;
    return r;
}

// A match's policy: resign after N moves of each engine, the length cap
// scored by each engine's last score, a tie is a draw.
AdjudicationRules match_rules(int resign_moves, int resign_cp, int max_plies) {
    AdjudicationRules r;
    r.resign_cp = resign_cp;
    r.resign_plies = 2 * resign_moves;
    r.max_plies = max_plies;
    return r;
}

TEST(Adjudication, ResignsAfterTheWindowOfScoresBeyondTheThreshold) {
    Adjudicator adj(selfplay_rules(1000, 4));
    Color stm = WHITE;
    // White is winning: +1200 from White's view, -1200 from Black's.
    for (int i = 0; i < 3; ++i, stm = ~stm) {
        adj.record(stm, stm == WHITE ? 1200 : -1200);
        EXPECT_FALSE(adj.verdict(i + 1, ~stm));
    }
    adj.record(stm, stm == WHITE ? 1200 : -1200);
    const auto v = adj.verdict(4, ~stm);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->kind, Kind::Resignation);
    EXPECT_EQ(v->winner, WHITE);
}

TEST(Adjudication, StreakRestartsWhenTheScoreDropsOrFlipsOrIsMissing) {
    Adjudicator adj(selfplay_rules(1000, 3));
    const std::pair<Color, int> plies[] = {
        {WHITE, -1500}, {BLACK, 1500},  {WHITE, 500},  // below the threshold: streak broken
        {BLACK, 1500},  {WHITE, -1500},                // Black winning again: 2 in a row
        {BLACK, -1500}, {WHITE, 1500},                 // White winning now: new streak
    };
    for (const auto& [mover, score] : plies) {
        adj.record(mover, score);
        EXPECT_FALSE(adj.verdict(1, ~mover));
    }
    adj.record(BLACK, std::nullopt);  // no score: the streak is broken
    adj.record(WHITE, 1500);
    EXPECT_FALSE(adj.verdict(1, BLACK));
    adj.record(BLACK, -1500);
    adj.record(WHITE, 1500);
    const auto v = adj.verdict(1, BLACK);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->winner, WHITE);
}

TEST(Adjudication, ZeroThresholdNeverResigns) {
    Adjudicator adj(selfplay_rules(0, 1));
    for (int i = 0; i < 10; ++i) adj.record(WHITE, 30000);
    EXPECT_FALSE(adj.verdict(10, BLACK));
}

TEST(Adjudication, LengthCapFollowsTheRecentScores) {
    Adjudicator adj(selfplay_rules(0, 4, 6));
    adj.record(WHITE, -50);  // dropped from the window later
    adj.record(BLACK, -10);  // White +10
    adj.record(WHITE, 20);
    adj.record(BLACK, -5);                // White +5
    adj.record(WHITE, -30);               // White -30: window sum is 10 + 20 + 5 - 30 = +5
    EXPECT_FALSE(adj.verdict(5, BLACK));  // below the cap
    EXPECT_EQ(adj.verdict(6, BLACK)->winner, WHITE);
    EXPECT_EQ(adj.verdict(6, BLACK)->kind, Kind::LengthCap);
    adj.record(BLACK, 40);  // White -40: sum 20 + 5 - 30 - 40 < 0
    EXPECT_EQ(adj.verdict(6, WHITE)->winner, BLACK);

    Adjudicator silent(selfplay_rules(0, 4, 1));
    EXPECT_EQ(silent.verdict(1, WHITE)->winner, BLACK);  // a tie goes against the side to move
    EXPECT_EQ(silent.verdict(1, BLACK)->winner, WHITE);
}

TEST(Adjudication, MatchResignNeedsBothEnginesForEnoughMoves) {
    Adjudicator adj(match_rules(2, 500, 0));
    adj.record(WHITE, 600);
    adj.record(BLACK, -700);
    adj.record(WHITE, 800);
    EXPECT_FALSE(adj.verdict(3, BLACK));
    adj.record(BLACK, -100);  // Black disagrees: streak broken
    EXPECT_FALSE(adj.verdict(4, WHITE));
    for (int i = 0; i < 2; ++i) {
        adj.record(WHITE, 600);
        adj.record(BLACK, -30000);  // being mated: beyond any threshold
    }
    EXPECT_EQ(adj.verdict(8, WHITE)->winner, WHITE);
}

TEST(Adjudication, MatchLengthRuleUsesEachSidesLastScore) {
    Adjudicator adj(match_rules(0, 1000, 10));
    EXPECT_FALSE(adj.verdict(9, WHITE));
    EXPECT_EQ(adj.verdict(10, WHITE)->winner, std::nullopt);  // no scores at all: a draw
    adj.record(WHITE, 50);
    adj.record(BLACK, 30);  // White's view: +50 - 30 = +20
    EXPECT_EQ(adj.verdict(10, WHITE)->winner, WHITE);
    adj.record(BLACK, 80);  // +50 - 80 = -30
    EXPECT_EQ(adj.verdict(10, WHITE)->winner, BLACK);
    adj.record(BLACK, 50);
    EXPECT_EQ(adj.verdict(10, WHITE)->winner, std::nullopt);
    adj.record(WHITE, std::nullopt);  // a missing score keeps the last one
    EXPECT_EQ(adj.verdict(10, WHITE)->winner, std::nullopt);
}

// fastchess's -draw movenumber=2 movecount=2 score=10: from ply 4 on, four
// scored plies in a row within +-10.
AdjudicationRules draw_rules() {
    AdjudicationRules r;
    r.draw_after_plies = 4;
    r.draw_plies = 4;
    r.draw_cp = 10;
    return r;
}

TEST(Adjudication, DrawNeedsTheStreakAfterTheMoveNumber) {
    Adjudicator adj(draw_rules());
    Color mover = WHITE;
    const auto record = [&](std::optional<int> score) {
        adj.record(mover, score);
        mover = ~mover;
    };
    for (int i = 0; i < 4; ++i) record(0);  // before move 2 is over: not counted
    EXPECT_FALSE(adj.verdict(4, mover));
    for (int i = 0; i < 3; ++i) record(-10);  // three within the bound
    EXPECT_FALSE(adj.verdict(7, mover));
    record(11);  // one beyond the bound breaks the streak
    for (int i = 0; i < 3; ++i) record(5);
    EXPECT_FALSE(adj.verdict(11, mover));
    record(std::nullopt);  // so does a move without a score
    for (int i = 0; i < 3; ++i) record(5);
    EXPECT_FALSE(adj.verdict(15, mover));
    record(10);
    const auto v = adj.verdict(16, mover);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->kind, Kind::Draw);
    EXPECT_EQ(v->winner, std::nullopt);
}

TEST(Adjudication, ResignationComesBeforeADraw) {
    AdjudicationRules r = draw_rules();
    r.draw_cp = 2000;  // every score below is "within" the draw bound
    r.resign_cp = 1000;
    r.resign_plies = 4;
    Adjudicator adj(r);
    for (int i = 0; i < 8; ++i) adj.record(i % 2 ? BLACK : WHITE, i % 2 ? -1500 : 1500);
    EXPECT_EQ(adj.verdict(8, WHITE)->kind, Kind::Resignation);
}

}  // namespace
}  // namespace pantheon::referee
