// Exact text of scores, info lines and bestmove.
#include "engine/uci/uci_format.h"

#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/uci/uci_parse.h"

namespace pantheon::uci {
namespace {

using search::Bound;

TEST(UciFormat, Scores) {
    EXPECT_EQ(format_score(35), "cp 35");
    EXPECT_EQ(format_score(-120, Bound::Upper), "cp -120 upperbound");
    EXPECT_EQ(format_score(7, Bound::Lower), "cp 7 lowerbound");
    EXPECT_EQ(format_score(search::mate_in(1)), "mate 1");
    EXPECT_EQ(format_score(search::mate_in(5)), "mate 3");
    EXPECT_EQ(format_score(search::mated_in(2)), "mate -1");
    EXPECT_EQ(format_score(search::mated_in(4)), "mate -2");
    EXPECT_EQ(format_score(search::mated_in(0)), "mate 0");
}

TEST(UciFormat, InfoAndBestmove) {
    const Position pos = Position::start();
    search::Info info;
    info.depth = 7;
    info.seldepth = 11;
    info.multipv = 2;
    info.score = -15;
    info.nodes = 12345;
    info.nps = 600000;
    info.hashfull = 12;
    info.time_ms = 20;
    info.pv = {*parse_move(pos, "e3e4"), Move::drop(PAWN, make_square(4, 4))};
    EXPECT_EQ(format_info(info),
              "info depth 7 seldepth 11 multipv 2 score cp -15 nodes 12345 nps 600000 hashfull 12 "
              "time 20 pv e3e4 P@e5");
    EXPECT_EQ(format_bestmove(Move::none()), "bestmove (none)");
    EXPECT_EQ(format_bestmove(*parse_move(pos, "e3e4"), info.pv[1]), "bestmove e3e4 ponder P@e5");
}

TEST(UciParse, GoParameters) {
    const GoCommand go = parse_go(
        "wtime 1000 btime 2000 winc 10 binc 20 movestogo 7 movetime 300 depth 9 nodes 777 mate 3 "
        "infinite "
        "searchmoves e3e4 a3a4",
        Position::start());
    EXPECT_TRUE(go.warnings.empty());
    const search::Limits& l = go.limits;
    EXPECT_EQ(l.time_ms[WHITE], 1000);
    EXPECT_EQ(l.time_ms[BLACK], 2000);
    EXPECT_EQ(l.inc_ms[WHITE], 10);
    EXPECT_EQ(l.inc_ms[BLACK], 20);
    EXPECT_EQ(l.movestogo, 7);
    EXPECT_EQ(l.movetime_ms, 300);
    EXPECT_EQ(l.depth, 9);
    EXPECT_EQ(l.nodes, 777u);
    EXPECT_EQ(l.mate, 3);
    EXPECT_TRUE(l.infinite);
    EXPECT_EQ(l.searchmoves.size(), 2u);
    EXPECT_FALSE(go.perft_depth);
    EXPECT_EQ(parse_go("perft 3", Position::start()).perft_depth, 3);
    EXPECT_EQ(parse_go("perft -1", Position::start()).warnings.size(), 1u);
}

TEST(UciParse, SetOptionNamesWithSpaces) {
    std::string error;
    const auto opt = parse_setoption("name Move Overhead value 100", &error);
    ASSERT_TRUE(opt);
    EXPECT_EQ(opt->name, "Move Overhead");
    EXPECT_EQ(opt->value, "100");
    EXPECT_FALSE(parse_setoption("value 3", &error));
}

}  // namespace
}  // namespace pantheon::uci
