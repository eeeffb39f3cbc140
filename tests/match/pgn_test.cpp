#include "match/pgn.h"

#include <gtest/gtest.h>

#include <sstream>

#include "engine/core/movegen.h"
#include "engine/core/notation.h"

using namespace pantheon;
using namespace pantheon::match;

namespace {

// A game of legal moves from a position with Black to move.
GameRecord sample_game() {
    GameRecord g;
    g.opening_fen = "rnbak1cnm/6q2/ppppppppp/9/9/3PP3C/PPP2PPPP/5B3/MN1QKA1NR[] b - - 9 5";
    g.white_name = "new \"net\"";
    g.black_name = "old";
    g.date = "2025.01.02";
    auto pos = *Position::from_fen(g.opening_fen);
    MoveList moves;
    for (int i = 0; i < 25; ++i) {
        moves.clear();
        generate_legal(pos, moves);
        const Move m = moves[(i * 7) % moves.size()];
        MoveRecord r{move_to_string(m), std::nullopt, i, 100 + i};
        if (i % 3 == 0) r.score = Score{false, -35 + i};
        if (i == 24) r.score = Score{true, -2};
        g.moves.push_back(r);
        pos.do_move(m);
    }
    g.outcome = Outcome::BlackWins;
    g.end = EndKind::TimeForfeit;
    g.reason = "White loses on time: took 1234 ms {braces}";
    return g;
}

}  // namespace

TEST(PgnTest, WrittenGamesReadBack) {
    const GameRecord g = sample_game();
    PgnContext ctx;
    ctx.event = "Test";
    ctx.round = "3.2";
    ctx.standard_start_fen = Position::start().fen();
    ctx.white_time_control = "10+0.1";
    ctx.black_time_control = "10+0.1";
    std::string text = format_pgn(g, ctx);
    GameRecord start = g;
    start.opening_fen = std::string(Variant::start_fen);
    start.moves.clear();
    start.outcome = Outcome::Draw;
    start.end = EndKind::Adjudication;
    ctx.black_time_control = "1/0.5";
    text += format_pgn(start, ctx);

    std::istringstream in(text);
    std::string error;
    const auto games = read_pgn(in, &error);
    ASSERT_TRUE(games) << error;
    ASSERT_EQ(games->size(), 2u);
    const PgnGame& a = (*games)[0];
    EXPECT_EQ(*a.tag("White"), "new \"net\"");
    EXPECT_EQ(*a.tag("Round"), "3.2");
    EXPECT_EQ(*a.tag("Variant"), "mansindam");
    EXPECT_EQ(*a.tag("FEN"), g.opening_fen);
    EXPECT_EQ(*a.tag("SetUp"), "1");
    EXPECT_EQ(*a.tag("TimeControl"), "10+0.1");
    EXPECT_EQ(*a.tag("Termination"), "time forfeit");
    EXPECT_EQ(*a.tag("PlyCount"), "25");
    EXPECT_EQ(*a.tag("Result"), "0-1");
    EXPECT_EQ(a.result, "0-1");
    ASSERT_EQ(a.moves.size(), g.moves.size());
    for (size_t i = 0; i < g.moves.size(); ++i) {
        EXPECT_EQ(a.moves[i], g.moves[i].move);
        EXPECT_EQ("{" + a.move_comments[i] + "}", g.moves[i].comment());
    }
    EXPECT_EQ(a.move_comments[0], "-0.35/0 0.100s");
    EXPECT_EQ(a.move_comments[1], "0.101s");
    EXPECT_EQ(a.move_comments[24], "-M2/24 0.124s");
    ASSERT_EQ(a.other_comments.size(), 1u);
    EXPECT_EQ(a.other_comments[0], "White loses on time: took 1234 ms (braces)");
    // Black moves first from this FEN: "5... move".
    EXPECT_NE(text.find("5... "), std::string::npos);

    const PgnGame& b = (*games)[1];
    EXPECT_FALSE(b.tag("FEN"));
    EXPECT_FALSE(b.tag("SetUp"));
    EXPECT_EQ(*b.tag("TimeControl"), "?");
    EXPECT_EQ(*b.tag("BlackTimeControl"), "1/0.5");
    EXPECT_EQ(b.result, "1/2-1/2");
    EXPECT_TRUE(b.moves.empty());
}

TEST(PgnTest, MalformedInputIsReported) {
    for (const char* bad : {"[Event \"x\"]\n\n1. e3e4 {open", "[Event x]\n\n*", "1. e3e4\n"}) {
        std::istringstream in(bad);
        std::string error;
        EXPECT_FALSE(read_pgn(in, &error)) << bad;
        EXPECT_FALSE(error.empty());
    }
}
