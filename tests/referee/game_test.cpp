#include "referee/game.h"

#include <gtest/gtest.h>

#include "engine/core/notation.h"

namespace pantheon::referee {
namespace {

TEST(Game, JudgesMoves) {
    Game g(Position::start(), {});
    EXPECT_TRUE(g.judge("e3e4").legal);
    EXPECT_FALSE(g.judge("e3e5").legal);
    EXPECT_FALSE(g.judge("zz").legal);
    EXPECT_FALSE(g.judge("(none)").legal);
    EXPECT_FALSE(g.judge("0000").legal);
    EXPECT_EQ(g.position_command(), "position startpos");
    g.play(*parse_move(g.position(), "e3e4"));
    EXPECT_EQ(g.position_command(), "position startpos moves e3e4");
    EXPECT_EQ(g.plies(), 1);
}

TEST(Game, RepetitionRuleForbidsTheThirdOccurrence) {
    Game g(Position::start(), {});
    // Knights out and back twice: the start situation occurs a third time on
    // the last move, which the rule forbids.
    for (const char* m : {"b1d2", "b9d8", "d2b1", "d8b9", "b1d2", "b9d8", "d2b1"}) {
        const auto v = g.judge(m);
        ASSERT_TRUE(v.legal) << m << ": " << v.error;
        g.play(v.move);
    }
    EXPECT_TRUE(g.judge("d8c6").legal);
    const auto v = g.judge("d8b9");
    EXPECT_FALSE(v.legal);
    EXPECT_NE(v.error.find("third"), std::string::npos);
}

TEST(Game, FenStartIsSentAsFen) {
    const std::string fen = "rnbak1cnm/6q2/ppppppppp/9/9/3PP3C/PPP2PPPP/5B3/MN1QKA1NR[] b - - 0 1";
    Game g(*Position::from_fen(fen), {});
    EXPECT_EQ(g.position_command(), "position fen " + fen);
    g.play(*parse_move(g.position(), "a9a8"));
    EXPECT_EQ(g.position_command(), "position fen " + fen + " moves a9a8");
}

TEST(Game, RulesComeBeforeAdjudication) {
    AdjudicationRules rules;
    rules.max_plies = 1;
    Game g(Position::start(), rules);
    EXPECT_FALSE(g.ending());
    g.play(*parse_move(g.position(), "e3e4"), 100);
    const auto end = g.ending();
    ASSERT_TRUE(end);
    EXPECT_EQ(end->kind, Ending::Kind::LengthCap);
    EXPECT_EQ(end->winner, WHITE);
    EXPECT_EQ(end->termination, Termination::None);
}

TEST(Game, EndsByTheRules) {
    // A king on its last rank: campmate, whatever the adjudication says.
    AdjudicationRules rules;
    rules.max_plies = 1;
    for (const char* fen : {"4K4/9/9/9/9/9/9/9/4k4[] b - - 0 1"}) {
        const auto pos = Position::from_fen(fen);
        if (!pos) GTEST_SKIP() << "position not accepted";
        Game g(*pos, rules);
        const auto end = g.ending();
        ASSERT_TRUE(end);
        EXPECT_EQ(end->kind, Ending::Kind::Rules);
        EXPECT_EQ(end->termination, game_result(*pos).termination);
        EXPECT_EQ(end->winner, game_result(*pos).winner);
    }
}

}  // namespace
}  // namespace pantheon::referee
