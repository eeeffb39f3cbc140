// UCI_Variant: the front switches between the games' sessions; Pandemonium's
// draws and its perpetual-check loss as the search sees them.
#include <gtest/gtest.h>

#include "uci_test_support.h"

namespace pantheon::test {
namespace {

constexpr const char* PANDEMONIUM_START =
    "info string fen rnbqkmcbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR[] w KQkq - 0 1";

std::string last_score(const std::vector<std::string>& lines) {
    std::string score;
    for (const std::string& l : lines) {
        const size_t at = l.find(" score ");
        if (at != std::string::npos) score = l.substr(at + 7, l.find(' ', at + 11) - at - 7);
    }
    return score;
}

TEST(UciVariant, SwitchesGamesBothWays) {
    const auto out = run_uci(
        "setoption name UCI_Variant value pandemonium\n"
        "d\n"
        "position startpos moves e2e5\n"  // a triple step: a Pandemonium move only
        "d\n"
        "setoption name UCI_Variant value Mansindam\n"
        "d\n");
    EXPECT_TRUE(has_line(out, PANDEMONIUM_START));
    EXPECT_TRUE(
        has_line(out,
                 "info string fen rnbqkmcbnr/pppppppppp/10/10/10/4P5/10/10/PPPP1PPPPP/RNBQKMCBNR[] "
                 "b KQkq - 0 1"));
    EXPECT_TRUE(has_line(out, "info string fen " + Position::start().fen()));
    EXPECT_TRUE(lines_starting(out, "info string").size() == 3u) << "no error expected";
}

TEST(UciVariant, PandemoniumSearchPlaysItsOwnMoves) {
    const auto out = run_uci(
        "setoption name Hash value 8\n"
        "setoption name UCI_Variant value pandemonium\n"
        "position startpos\n"
        "go depth 4\n");
    const auto best = bestmoves(out);
    ASSERT_EQ(best.size(), 1u);
    // The move is legal in Pandemonium: playing it gives no error.
    const auto replay =
        run_uci("setoption name UCI_Variant value pandemonium\nposition startpos moves " + best[0] +
                "\nd\n");
    EXPECT_FALSE(has_line_containing(replay, "illegal")) << best[0];
    EXPECT_FALSE(has_line(replay, PANDEMONIUM_START)) << best[0];
}

TEST(UciVariant, SessionsCarrySearchSettingsNotTheEvaluation) {
    std::ostringstream text;
    uci::Session session(text);
    session.handle("setoption name Hash value 32");
    session.handle("setoption name MultiPV value 3");
    session.wait_for_search();
    const std::vector<std::string> carried = session.carried_settings();
    EXPECT_TRUE(has_line(carried, "setoption name Hash value 32"));
    EXPECT_TRUE(has_line(carried, "setoption name MultiPV value 3"));
    EXPECT_FALSE(has_line_containing(carried, "EvalFile"));
}

TEST(UciVariant, PandemoniumStalemateIsADraw) {
    const auto out = run_uci(
        "setoption name UCI_Variant value pandemonium\n"
        "position fen 9k/7Q2/10/10/10/10/10/10/10/1K8[] b - - 0 1\n"
        "go depth 3\n");
    EXPECT_TRUE(has_line(out, "info depth 0 score cp 0"));
    EXPECT_TRUE(has_line(out, "bestmove (none)") || has_line(out, "bestmove 0000"));
}

TEST(UciVariant, PandemoniumLostSideTakesTheRepetitionDraw) {
    // White has an extra queen; black to move repeats the start a third time.
    const auto out = run_uci(
        "setoption name UCI_Variant value pandemonium\n"
        "position fen 1n2k5/10/10/10/10/10/10/10/10/1N1QK5[] w - - 0 1 moves "
        "b1c3 b10c8 c3b1 c8b10 b1c3 b10c8 c3b1\n"
        "go depth 5\n");
    ASSERT_EQ(bestmoves(out).size(), 1u);
    EXPECT_EQ(bestmoves(out)[0], "c8b10");
    EXPECT_EQ(last_score(out), "cp 0");
}

TEST(UciVariant, PandemoniumPerpetualCheckLosesSoTheCheckerAvoidsIt) {
    // White, down a rook, has checked with every move since the queen reached
    // h10: going back there makes that situation's third occurrence, a loss.
    const auto out = run_uci(
        "setoption name UCI_Variant value pandemonium\n"
        "position fen 9k/10/5Q4/r9/q9/10/10/10/10/1K8[] w - - 0 1 moves "
        "f8h10 j10j9 h10h9 j9j10 h9h10 j10j9 h10h9 j9j10\n"
        "go depth 5\n");
    ASSERT_EQ(bestmoves(out).size(), 1u);
    EXPECT_NE(bestmoves(out)[0], "h9h10");
    EXPECT_NE(last_score(out), "cp 0");
}

TEST(UciVariant, StartsWithTheNamedGameWhoseNameIsTheDefault) {
    const auto out = run_uci(
        "uci\n"
        "d\n"
        "setoption name UCI_Variant value mansindam\n"
        "uci\n"
        "d\n",
        "Pandemonium");
    EXPECT_TRUE(has_line(out, PANDEMONIUM_START));
    EXPECT_TRUE(has_line(out, "info string fen " + Position::start().fen()));
    // Both replies to "uci" show the game the front started with as the default.
    const auto variant_lines = lines_starting(out, "option name UCI_Variant ");
    ASSERT_EQ(variant_lines.size(), 2u);
    for (const std::string& l : variant_lines)
        EXPECT_EQ(l,
                  "option name UCI_Variant type combo default pandemonium var mansindam var "
                  "pandemonium");
}

TEST(UciVariant, AnUnknownFirstGameIsRefused) {
    std::istringstream in("uci\n");
    std::ostringstream out;
    EXPECT_EQ(uci::run(in, out, "chess"), 2);
    EXPECT_EQ(out.str(), "info string unknown game 'chess' (the games: mansindam, pandemonium)\n");
}

TEST(UciVariant, MansindamStillRefusesUnknownGames) {
    const auto out = run_uci("setoption name UCI_Variant value chess\nd\n");
    EXPECT_TRUE(has_line_containing(out, "UCI_Variant 'chess' is not supported"));
    EXPECT_TRUE(has_line(out, "info string fen " + Position::start().fen()));
}

}  // namespace
}  // namespace pantheon::test
