// Pandemonium's search (pantheon_search_pandemonium): the bench signature is
// deterministic, mates are found, and the games' draws are scored as draws.
#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/core/rules.h"
#include "engine/search/bench.h"
#include "engine/search/search.h"
#include "engine/search/see.h"

namespace pantheon::search {
namespace {

Result search_fen(const std::string& fen, int depth, const std::vector<std::string>& moves = {}) {
    auto pos = Position::from_fen(fen);
    EXPECT_TRUE(pos.has_value()) << fen;
    for (const std::string& m : moves) {
        const auto move = parse_game_move(*pos, m, nullptr);
        EXPECT_TRUE(move.has_value()) << m;
        pos->do_move(*move);
    }
    Engine engine;
    Limits limits;
    limits.depth = depth;
    return engine.search(*pos, limits);
}

TEST(PandemoniumBench, PositionsAreValidAndTheNodeCountIsDeterministic) {
    for (std::string_view fen : bench_positions())
        EXPECT_TRUE(Position::from_fen(fen).has_value()) << fen;
    BenchOptions options;
    options.depth = 4;
    const BenchResult a = run_bench(options), b = run_bench(options);
    EXPECT_GT(a.nodes, 0u);
    EXPECT_EQ(a.nodes, b.nodes);
}

TEST(PandemoniumSearch, FindsAMateInOne) {
    // The rook closes the last rank: Ra9-a10 mates the king held by the pawns.
    const Result r = search_fen("7k2/R5ppp1/10/10/10/10/10/10/10/4K5[] w - - 0 1", 3);
    EXPECT_EQ(r.score, mate_in(1));
    // (Promoting to a dragon on the way mates as well.)
    EXPECT_EQ(move_to_string(r.best).substr(0, 5), "a9a10");
}

TEST(PandemoniumSearch, StalemateIsScoredAsADraw) {
    const Result r = search_fen("9k/7Q2/10/10/10/10/10/10/10/1K8[] b - - 0 1", 3);
    EXPECT_FALSE(r.best);
    EXPECT_EQ(r.score, DRAW_SCORE);
}

TEST(PandemoniumSee, EnPassantEmptiesThePassedPawnsSquare) {
    // c2-c4 passes c3; d4xc3 takes the pawn on c4 and so opens the c-file
    // for the rook on c6, which takes back: a pawn for a pawn.
    auto pos = Position::from_fen("4k5/10/10/10/2R7/10/3p6/10/2P7/4K5[] w - - 0 1");
    ASSERT_TRUE(pos);
    pos->do_move(*parse_game_move(*pos, "c2c4", nullptr));
    const auto ep = parse_game_move(*pos, "d4c3", nullptr);
    ASSERT_TRUE(ep);
    ASSERT_TRUE(pos->is_en_passant(*ep));
    EXPECT_TRUE(see_ge(*pos, *ep, 0));
    EXPECT_FALSE(see_ge(*pos, *ep, 1));
}

}  // namespace
}  // namespace pantheon::search
