// Bad input gets an "info string", the last valid position stays, and the
// engine keeps answering.
#include <gtest/gtest.h>

#include "uci_test_support.h"

namespace pantheon::test {
namespace {

const std::string START_FEN_LINE = "info string fen " + std::string(Variant::start_fen);

std::string fen_after(std::initializer_list<const char*> moves) {
    Position pos = Position::start();
    for (const char* m : moves) pos.do_move(*parse_move(pos, m));
    return "info string fen " + pos.fen();
}

TEST(UciBadInput, UnknownCommandIsReportedAndIgnored) {
    const auto out = run_uci("frobnicate now\nisready\n");
    EXPECT_TRUE(has_line_containing(out, "info string unknown command 'frobnicate'"));
    EXPECT_EQ(out.back(), "readyok");
}

TEST(UciBadInput, BadFenKeepsThePreviousPosition) {
    const auto out = run_uci(
        "position startpos moves e3e4\n"
        "position fen rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] x - - 0 1\n"
        "position fen\n"
        "position fen 9/9/9/9/9/9/9/9/9[] w - - 0 1\n"
        "position fen zzz\n"
        "position\n"
        "position sideways\n"
        "d\n");
    EXPECT_GE(lines_starting(out, "info string bad FEN").size(), 3u);
    EXPECT_EQ(lines_starting(out, "info string").size(), 7u);  // 6 errors + the fen
    EXPECT_TRUE(has_line(out, fen_after({"e3e4"})));
}

TEST(UciBadInput, IllegalOrMalformedMovesKeepThePreviousPosition) {
    const auto out = run_uci(
        "position startpos moves e3e4\n"
        "position startpos moves e3e5\n"            // not a legal move
        "position startpos moves e3e4 e3e4\n"       // black has no piece there
        "position startpos moves zz9\n"             // malformed
        "position startpos moves e3e4 e7e6 P@e5\n"  // no pawn in hand
        "position startpos e3e4\n"                  // missing 'moves'
        "d\n"
        "go depth 3\n");
    EXPECT_EQ(lines_starting(out, "info string move").size(), 4u);
    EXPECT_TRUE(has_line_containing(out, "info string position: unexpected 'e3e4'"));
    EXPECT_TRUE(has_line(out, fen_after({"e3e4"})));
    const auto best = bestmoves(out);
    ASSERT_EQ(best.size(), 1u);
    Position pos = Position::start();
    pos.do_move(*parse_move(pos, "e3e4"));
    EXPECT_TRUE(game_legal_text(pos, best[0]));
}

TEST(UciBadInput, ThirdRepetitionInMovesIsRejected) {
    const std::string shuffle = " b1d2 b9d8 d2b1 d8b9 b1d2 b9d8 d2b1";
    const auto out = run_uci("position startpos moves" + shuffle + "\nposition startpos moves" +
                             shuffle + " d8b9\nd\ngo depth 3\n");
    EXPECT_TRUE(has_line_containing(out, "repeats a situation a third time"));
    EXPECT_TRUE(has_line(out, fen_after({"b1d2", "b9d8", "d2b1", "d8b9", "b1d2", "b9d8", "d2b1"})));
    ASSERT_EQ(bestmoves(out).size(), 1u);
    EXPECT_NE(bestmoves(out)[0], "d8b9");
}

TEST(UciBadInput, BadOptionsAreRefused) {
    const auto out = run_uci(
        "setoption name Hash value lots\n"
        "setoption name Hash value 0\n"
        "setoption name Threads value 100000\n"
        "setoption name NoSuchThing value 1\n"
        "setoption name UCI_Variant value shogi\n"
        "setoption value 3\n"
        "setoption name\n"
        "isready\n");
    EXPECT_EQ(lines_starting(out, "info string").size(), 7u);
    EXPECT_TRUE(has_line_containing(out, "UCI_Variant 'shogi' is not supported"));
    EXPECT_EQ(out.back(), "readyok");
}

TEST(UciBadInput, BadGoParametersAreSkippedAndTheSearchStillAnswers) {
    const auto out = run_uci("position startpos\ngo depth x nodes 500 sideways\n");
    EXPECT_TRUE(has_line_containing(out, "info string go: 'depth' needs an integer value"));
    EXPECT_TRUE(has_line_containing(out, "info string go: unknown parameter 'sideways'"));
    ASSERT_EQ(bestmoves(out).size(), 1u);
    EXPECT_TRUE(game_legal_text(Position::start(), bestmoves(out)[0]));
}

TEST(UciBadInput, SearchmovesWithoutALegalMoveIsReported) {
    // d8b9 would repeat the start position a third time; zz9 is no move at all.
    const std::string shuffle = "position startpos moves b1d2 b9d8 d2b1 d8b9 b1d2 b9d8 d2b1\n";
    for (const char* go : {"go depth 2 searchmoves d8b9\n", "go depth 2 searchmoves zz9\n"}) {
        const auto out = run_uci(shuffle + go);
        EXPECT_TRUE(has_line_containing(out, "info string go searchmoves: no legal move")) << go;
        ASSERT_EQ(bestmoves(out).size(), 1u) << go;
        EXPECT_NE(bestmoves(out)[0], "d8b9") << go;
    }
}

TEST(UciBadInput, GarbageBytesDoNotCrash) {
    std::string garbage =
        "position fen \x01\x02\xff\n\tgo\t depth\t2\n\n   \nposition startpos moves \xfe\n";
    garbage += std::string(5000, 'x') + "\nisready\n";
    const auto out = run_uci(garbage);
    EXPECT_TRUE(has_line(out, "readyok"));
    EXPECT_EQ(bestmoves(out).size(), 1u);
}

}  // namespace
}  // namespace pantheon::test
