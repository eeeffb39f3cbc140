// `pantheon data compare` (selfplay/label_comparison.h): the sums behind the
// sign agreement and the scale, the outcomes of confident verdicts, and the
// pairing of two labellings' games (a rescoring's inputs and outputs pair,
// other games are refused).
#include "selfplay/label_comparison.h"

#include <gtest/gtest.h>

#include <sstream>

#include "run_support.h"
#include "tests/test_dir.h"

namespace pantheon::selfplay {
namespace {

using pantheon::test::TestDir;

TEST(LabelComparison, ScaleSignAndOutcomesOfTwoLabellings) {
    LabelComparison c;
    // B says twice what A says, except once with the other sign.
    c.add_position(100, 200, false, false, true, false);
    c.add_position(-400, -800, false, false, false, true);
    c.add_position(500, -1000, false, false, false, true);
    c.add_position(0, 50, false, false, false, false);  // not counted for the sign
    EXPECT_EQ(c.centipawns, 4u);
    EXPECT_EQ(c.both_nonzero, 3u);
    EXPECT_EQ(c.same_sign, 2u);
    EXPECT_DOUBLE_EQ(c.sum_abs_b / c.sum_abs_a, 2050.0 / 1000.0);
    // Confident verdicts: A ahead by 500 and lost, behind by 400 and lost.
    EXPECT_EQ(c.outcomes_a.ahead, 1u);
    EXPECT_EQ(c.outcomes_a.ahead_won, 0u);
    EXPECT_EQ(c.outcomes_a.behind, 1u);
    EXPECT_EQ(c.outcomes_a.behind_lost, 1u);
    EXPECT_EQ(c.outcomes_b.behind, 2u);
    EXPECT_EQ(c.outcomes_b.behind_lost, 2u);
    // A mate is counted apart, never in the centipawn sums.
    c.add_position(31990, 250, true, false, true, false);
    EXPECT_EQ(c.centipawns, 4u);
    EXPECT_EQ(c.mates_a, 1u);
    EXPECT_EQ(c.outcomes_a.mates_for_won, 1u);
    std::ostringstream text;
    c.print(text);
    EXPECT_NE(text.str().find("B is 205.0% of A"), std::string::npos) << text.str();
    EXPECT_NE(text.str().find("same sign in 66.7%"), std::string::npos) << text.str();
}

TEST(LabelComparison, PairsARescoringWithItsInputsAndRefusesOtherGames) {
    TestDir dir;
    testing::run_ok(testing::tiny_run(dir.file("in")));
    testing::rescore_ok(testing::tiny_rescore(dir.file("in"), dir.file("deep"), 1200));
    LabelComparison self, deeper;
    std::string error;
    ASSERT_TRUE(compare_labels({dir.file("in")}, {dir.file("in")}, self, &error)) << error;
    EXPECT_EQ(self.games, 6u);
    EXPECT_EQ(self.same_best, self.compared);
    EXPECT_EQ(self.same_sign, self.both_nonzero);
    EXPECT_DOUBLE_EQ(self.sum_abs_a, self.sum_abs_b);
    ASSERT_TRUE(compare_labels({dir.file("in")}, {dir.file("deep")}, deeper, &error)) << error;
    EXPECT_EQ(deeper.compared, self.compared);
    EXPECT_LT(deeper.same_best, deeper.compared);  // the deeper search changed some moves

    // Other games: a run of another seed.
    auto other = testing::tiny_run(dir.file("other"));
    other.seed = 2;
    testing::run_ok(other);
    LabelComparison refused;
    EXPECT_FALSE(compare_labels({dir.file("in")}, {dir.file("other")}, refused, &error));
    EXPECT_NE(error.find("game 1"), std::string::npos) << error;
}

}  // namespace
}  // namespace pantheon::selfplay
