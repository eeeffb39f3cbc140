// Scripted UCI sessions end to end: handshake, positions with moves, every
// kind of go, stop during an infinite search, options, MultiPV, perft.
#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <thread>

#include "uci_test_support.h"

namespace pantheon::test {
namespace {

Position after_moves(std::initializer_list<const char*> moves) {
    Position pos = Position::start();
    for (const char* m : moves) pos.do_move(*parse_move(pos, m));
    return pos;
}

TEST(UciSession, HandshakeListsIdentityAndOptions) {
    const auto out = run_uci("uci\nisready\n");
    ASSERT_FALSE(out.empty());
    EXPECT_EQ(out[0].rfind("id name Pantheon", 0), 0u);
    EXPECT_TRUE(has_line_containing(out, "id author"));
    for (const char* opt :
         {"option name Hash type spin", "option name Threads type spin",
          "option name MultiPV type spin", "option name Move Overhead type spin",
          "option name Ponder type check", "option name UCI_Variant type combo default mansindam"})
        EXPECT_TRUE(has_line_containing(out, opt)) << opt;
    EXPECT_TRUE(has_line(out, "uciok"));
    EXPECT_EQ(out.back(), "readyok");
}

TEST(UciSession, PositionWithMovesThenGoDepth) {
    const auto out = run_uci("position startpos moves e3e4 e7e6\ngo depth 5\n");
    const auto best = bestmoves(out);
    ASSERT_EQ(best.size(), 1u);
    EXPECT_TRUE(game_legal_text(after_moves({"e3e4", "e7e6"}), best[0])) << best[0];
    const auto infos = lines_starting(out, "info depth ");
    ASSERT_FALSE(infos.empty());
    EXPECT_TRUE(has_line_containing(infos, "info depth 5 "));
    for (const char* field : {" seldepth ", " multipv 1 ", " score cp ", " nodes ", " nps ",
                              " hashfull ", " time ", " pv "})
        EXPECT_NE(infos.back().find(field), std::string::npos) << field << " in " << infos.back();
}

TEST(UciSession, GoNodesMovetimeAndClock) {
    const std::string fen =
        "rn2kq1nm/1ba2c3/ppppppppp/9/3N5/1PP6/P2PPPPPP/3A5/M1CQK1BNR[] w - - 10 6";
    const auto out = run_uci("position fen " + fen + "\ngo nodes 3000\n" + "isready\n");
    // isready may be answered while the search runs; the bestmove still comes.
    ASSERT_EQ(bestmoves(out).size(), 1u);
    const Position pos = *Position::from_fen(fen);
    EXPECT_TRUE(game_legal_text(pos, bestmoves(out)[0]));

    for (const std::string go :
         {"go movetime 100", "go wtime 2000 btime 2000 winc 20 binc 20",
          "go wtime 500 btime 500 movestogo 5", "go btime 1000 wtime 1000"}) {
        const auto t0 = std::chrono::steady_clock::now();
        const auto o = run_uci("position fen " + fen + "\n" + go + "\n");
        const auto elapsed = std::chrono::steady_clock::now() - t0;
        ASSERT_EQ(bestmoves(o).size(), 1u) << go;
        EXPECT_TRUE(game_legal_text(pos, bestmoves(o)[0])) << go;
        EXPECT_LT(elapsed, std::chrono::seconds(2)) << go;
    }
}

TEST(UciSession, StopEndsInfiniteSearch) {
    std::ostringstream out;
    {
        uci::Session session(out);
        session.handle("position startpos moves e3e4");
        session.handle("go infinite");
        std::this_thread::sleep_for(std::chrono::milliseconds(150));
        EXPECT_TRUE(session.searching());
        session.handle("isready");
        session.handle("stop");
        session.wait_for_search();
        EXPECT_FALSE(session.searching());
    }
    std::vector<std::string> lines;
    std::istringstream split(out.str());
    for (std::string l; std::getline(split, l);) lines.push_back(l);
    EXPECT_TRUE(has_line(lines, "readyok"));
    ASSERT_EQ(bestmoves(lines).size(), 1u);
    EXPECT_TRUE(game_legal_text(after_moves({"e3e4"}), bestmoves(lines)[0]));
}

TEST(UciSession, QuitStopsAnInfiniteSearchAndEndOfInputToo) {
    const auto t0 = std::chrono::steady_clock::now();
    auto out = run_uci("go infinite\nquit\n");
    EXPECT_EQ(bestmoves(out).size(), 1u);
    out = run_uci("go infinite\n");  // end of input ends it as well
    EXPECT_EQ(bestmoves(out).size(), 1u);
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
}

TEST(UciSession, MultiPvReportsEachLine) {
    const auto out = run_uci("setoption name MultiPV value 3\nposition startpos\ngo depth 4\n");
    for (const char* k : {" multipv 1 ", " multipv 2 ", " multipv 3 "})
        EXPECT_TRUE(has_line_containing(out, std::string("info depth 4") + "") &&
                    has_line_containing(out, k))
            << k;
    EXPECT_FALSE(has_line_containing(out, " multipv 4 "));
    EXPECT_EQ(bestmoves(out).size(), 1u);
}

TEST(UciSession, MateScoreAndNoMoveReplies) {
    // Pawn-drop mate in one.
    auto out = run_uci("position fen 3nkn3/3p1p3/9/3N5/9/9/9/9/4K4[P] w - - 0 1\ngo depth 4\n");
    EXPECT_TRUE(has_line_containing(out, "score mate 1 "));
    // The game is over (campmate reached): no move to play.
    out = run_uci("position fen 4K4/9/9/9/9/9/9/9/4k4[] b - - 0 1\ngo depth 4\n");
    EXPECT_TRUE(has_line(out, "bestmove (none)"));
    // Mated: after the pawn drop, black has no legal move.
    out = run_uci(
        "position fen 3nkn3/3p1p3/9/3N5/9/9/9/9/4K4[P] w - - 0 1 moves P@e8\ngo infinite\nstop\n");
    EXPECT_TRUE(has_line(out, "bestmove (none)"));
}

TEST(UciSession, GoPerftPrintsTheSplit) {
    const auto out = run_uci("position startpos\ngo perft 2\n");
    EXPECT_TRUE(has_line(out, "Nodes searched: 961"));
    EXPECT_TRUE(has_line_containing(out, "e3e4: 31"));
    EXPECT_TRUE(bestmoves(out).empty());
}

TEST(UciSession, OptionsAreApplied) {
    const auto out = run_uci(
        "setoption name Hash value 8\nsetoption name Threads value 2\nsetoption name move overhead "
        "value 50\n"
        "setoption name UCI_Variant value mansindam\nposition startpos\ngo depth 6\n");
    EXPECT_TRUE(lines_starting(out, "info string").empty());
    EXPECT_EQ(bestmoves(out).size(), 1u);
}

TEST(UciSession, UcinewgameResetsThePosition) {
    const auto out = run_uci("position startpos moves e3e4\nucinewgame\nd\n");
    EXPECT_TRUE(has_line(out, "info string fen " + std::string(Variant::start_fen)));
}

TEST(UciSession, BestMoveIsLegalAcrossRandomGames) {
    std::mt19937_64 rng(99);
    for (int game = 0; game < 12; ++game) {
        Position pos = Position::start();
        std::string moves;
        const int plies = 5 + int(rng() % 40);
        for (int i = 0; i < plies; ++i) {
            MoveList list;
            generate_game_moves(pos, list);
            if (list.empty() || pos.campmate_reached()) break;
            const Move m = list[int(rng() % uint64_t(list.size()))];
            moves += ' ';
            moves += move_to_string(m);
            pos.do_move(m);
        }
        const auto out = run_uci("position startpos moves" + moves + "\ngo nodes 800\n");
        ASSERT_EQ(bestmoves(out).size(), 1u);
        const std::string best = bestmoves(out)[0];
        MoveList list;
        generate_game_moves(pos, list);
        if (list.empty()) {
            EXPECT_EQ(best, "(none)");
        } else {
            EXPECT_TRUE(game_legal_text(pos, best)) << moves << " -> " << best;
        }
    }
}

}  // namespace
}  // namespace pantheon::test

namespace pantheon {
namespace {

using namespace pantheon::test;

size_t index_of(const std::vector<std::string>& lines, const std::string& prefix, size_t from = 0) {
    for (size_t i = from; i < lines.size(); ++i)
        if (lines[i].rfind(prefix, 0) == 0) return i;
    return lines.size();
}

TEST(UciQueue, CommandsDuringASearchTakeEffectAfterIt) {
    // position, setoption and go arrive while the first search runs: none is
    // dropped, and isready is answered before that search ends.
    const auto out = run_uci(
        "position startpos\n"
        "go movetime 300\n"
        "isready\n"
        "position startpos moves e3e4\n"
        "setoption name MultiPV value 2\n"
        "go depth 3\n");
    EXPECT_FALSE(has_line_containing(out, "ignored"));
    const auto moves = bestmoves(out);
    ASSERT_EQ(moves.size(), 2u);
    EXPECT_TRUE(game_legal_text(Position::start(), moves[0]));
    Position after = Position::start();
    after.do_move(*parse_move(after, "e3e4"));
    EXPECT_TRUE(game_legal_text(after, moves[1]));
    const size_t first_best = index_of(out, "bestmove ");
    EXPECT_LT(index_of(out, "readyok"), first_best);
    EXPECT_LT(index_of(out, "info depth 3 seldepth", first_best), out.size());
    EXPECT_TRUE(has_line_containing(out, " multipv 2 "));
}

TEST(UciQueue, UcinewgameDuringASearchDoesNotStopIt) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto out = run_uci(
        "position startpos moves e3e4\n"
        "go movetime 300\n"
        "ucinewgame\n"
        "go depth 2\n");
    EXPECT_GE(std::chrono::steady_clock::now() - t0, std::chrono::milliseconds(250));
    const auto moves = bestmoves(out);
    ASSERT_EQ(moves.size(), 2u);
    Position after = Position::start();
    after.do_move(*parse_move(after, "e3e4"));
    EXPECT_TRUE(game_legal_text(after, moves[0]));
    EXPECT_TRUE(game_legal_text(Position::start(), moves[1]));
}

TEST(UciQueue, EndOfInputLetsAQueuedFiniteSearchFinish) {
    // The infinite search is stopped at end of input; the go depth 5 queued
    // behind it still searches to its depth.
    const auto out = run_uci("go infinite\ngo depth 5\n");
    EXPECT_EQ(bestmoves(out).size(), 2u);
    EXPECT_TRUE(has_line_containing(out, "info depth 5 "));
}

TEST(UciQueue, StopAlsoEndsAQueuedInfiniteSearch) {
    const auto out = run_uci("go infinite\ngo infinite\nstop\nisready\n");
    EXPECT_EQ(bestmoves(out).size(), 2u);
}

TEST(UciQueue, GoPerftReadsStopAndQuit) {
    // Depth 7 would take hours: only a stop read during the count ends it.
    const auto t0 = std::chrono::steady_clock::now();
    std::ostringstream text;
    {
        uci::Session session(text);
        session.handle("position startpos");
        session.handle("go perft 7");
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        session.handle("isready");
        session.handle("stop");
        session.wait_for_search();
        session.handle("go perft 7");
        session.handle("quit");
    }
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
    EXPECT_NE(text.str().find("readyok"), std::string::npos);
    EXPECT_NE(text.str().find("info string perft stopped"), std::string::npos);
}

TEST(UciPonder, PonderhitTurnsPonderingIntoANormalSearch) {
    std::ostringstream text;
    {
        uci::Session session(text);
        session.handle("position startpos");
        session.handle("go ponder movetime 50");
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        // Pondering: no bestmove before ponderhit.
        EXPECT_EQ(text.str().find("bestmove"), std::string::npos);
        session.handle("ponderhit");
        const auto t0 = std::chrono::steady_clock::now();
        while (session.searching() &&
               std::chrono::steady_clock::now() - t0 < std::chrono::seconds(3))
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        EXPECT_FALSE(session.searching());
    }
    EXPECT_NE(text.str().find("bestmove"), std::string::npos);
    // A ponder search is also ended by stop (the opponent played another move).
    const auto out = run_uci("go ponder wtime 100000 btime 100000\nstop\n");
    EXPECT_EQ(bestmoves(out).size(), 1u);
}

TEST(UciClock, TinyOrOpponentOnlyClockStillSearches) {
    for (const char* go : {"go wtime 1 btime 1\n", "go btime 60000\n"}) {
        const auto out = run_uci(std::string("position startpos\n") + go);
        EXPECT_TRUE(has_line_containing(out, "info depth 1 ")) << go;
        ASSERT_EQ(bestmoves(out).size(), 1u) << go;
        EXPECT_TRUE(game_legal_text(Position::start(), bestmoves(out)[0])) << go;
    }
}

}  // namespace
}  // namespace pantheon
