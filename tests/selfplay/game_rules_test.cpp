// The recorded games are real games: replayed with the rules core, every move
// is allowed (repetition rule included), a played-out game ends exactly as the
// rules say, and an adjudicated one stops in a live position.
#include <gtest/gtest.h>

#include "data/game_replay.h"
#include "engine/core/rules.h"
#include "referee/opening_book.h"
#include "run_support.h"
#include "tests/shared_data.h"
#include "tests/test_dir.h"

namespace pantheon::selfplay {
namespace {

using pantheon::test::TestDir;
using testing::all_games;
using testing::run_ok;
using testing::tiny_run;

// Checks one game against the rules and the options it was played with.
// `cheap_plies`, when given, counts the excluded plies after the opening
// (playout cap randomization's cheap moves).
void check_game(const data::GameRecord& game, const SelfplayOptions& o,
                int* cheap_plies = nullptr) {
    std::string error;
    auto pos = data::start_position(game, &error);
    ASSERT_TRUE(pos) << error;
    int random_plies = 0;
    bool opening = true;
    for (size_t i = 0; i < game.plies.size(); ++i) {
        const data::PlyRecord& ply = game.plies[i];
        ASSERT_FALSE(game_result(*pos).over()) << "move after the end, ply " << i;
        MoveList allowed;
        generate_game_moves(*pos, allowed);
        ASSERT_TRUE(allowed.contains(ply.played)) << "ply " << i << " at " << pos->fen();
        ASSERT_TRUE(allowed.contains(ply.best)) << "ply " << i << " at " << pos->fen();
        opening = opening && ply.excluded;
        if (ply.excluded) {
            EXPECT_EQ(ply.played, ply.best);
            if (opening) {
                ++random_plies;
            } else {
                EXPECT_TRUE(o.playout_cap.on()) << "random plies come first";
                if (cheap_plies) ++*cheap_plies;
            }
        }
        pos->do_move(ply.played);
    }
    EXPECT_GE(random_plies, o.random_plies_min);
    // (With a playout cap the first searched plies may be cheap ones too.)
    if (!o.playout_cap.on()) {
        EXPECT_LE(random_plies, o.random_plies_max);
    }
    EXPECT_LE(int(game.plies.size()), o.max_plies);
    const GameResult end = game_result(*pos);
    if (game.adjudicated) {
        EXPECT_FALSE(end.over()) << "adjudicated although the rules ended the game";
        EXPECT_EQ(game.termination, Termination::None);
    } else {
        ASSERT_TRUE(end.over()) << "game stops in a live position: " << pos->fen();
        EXPECT_EQ(game.termination, end.termination);
        EXPECT_EQ(game.winner, *end.winner);
    }
}

TEST(SelfplayGames, EndByTheRulesOrByRecordedAdjudication) {
    TestDir dir;
    SelfplayOptions o = tiny_run(dir.file("run"));
    o.games = 16;
    o.chunk_games = 16;
    run_ok(o);
    const auto games = all_games(dir.file("run"));
    ASSERT_EQ(games.size(), 16u);
    int played_out = 0;
    for (const auto& game : games) {
        SCOPED_TRACE("game of " + std::to_string(game.plies.size()) + " plies");
        check_game(game, o);
        played_out += !game.adjudicated;
    }
    EXPECT_GT(played_out, 0) << "no game reached an end under the rules";
}

TEST(SelfplayGames, WithoutAdjudicationTheLengthCapDecides) {
    TestDir dir;
    SelfplayOptions o = tiny_run(dir.file("run"));
    o.resign_score = 0;
    o.max_plies = 16;
    o.games = 4;
    run_ok(o);
    for (const auto& game : all_games(dir.file("run"))) {
        check_game(game, o);
        if (game.adjudicated) {
            EXPECT_EQ(game.plies.size(), 16u);
        }
    }
}

TEST(SelfplayGames, MultiPvPlaysOtherMovesThanTheBest) {
    TestDir dir;
    SelfplayOptions o = tiny_run(dir.file("run"));
    o.multipv = 4;
    o.multipv_plies = 6;
    o.multipv_margin = 300;
    run_ok(o);
    int differing = 0;
    for (const auto& game : all_games(dir.file("run"))) {
        check_game(game, o);
        int searched = 0;
        for (const auto& ply : game.plies) {
            if (ply.excluded) continue;
            if (ply.played != ply.best) {
                ++differing;
                EXPECT_LT(searched, o.multipv_plies) << "random pick after the multi-PV plies";
            }
            ++searched;
        }
    }
    EXPECT_GT(differing, 0);
}

TEST(SelfplayGames, PlayoutCapKeepsTheFullSearchesShareOfThePlies) {
    TestDir dir;
    SelfplayOptions o = tiny_run(dir.file("run"));
    o.playout_cap.full_share = 0.25;
    o.playout_cap.cheap_nodes = 30;
    run_ok(o);
    int cheap = 0, kept = 0;
    for (const auto& game : all_games(dir.file("run"))) {
        int cheap_in_game = 0;
        check_game(game, o, &cheap_in_game);
        cheap += cheap_in_game;
        for (const auto& ply : game.plies) kept += !ply.excluded;
    }
    ASSERT_GT(cheap + kept, 100);
    const double share = double(kept) / double(cheap + kept);
    EXPECT_GT(share, 0.12);
    EXPECT_LT(share, 0.38);

    // The same settings give the same bytes (two threads this time).
    o.out_dir = dir.file("again");
    o.threads = 2;
    run_ok(o);
    EXPECT_EQ(testing::data_files(dir.file("run")), testing::data_files(dir.file("again")));
}

TEST(SelfplayGames, BookPositionsStartTheGames) {
    PANTHEON_REQUIRE_SHARED_DIR();
    TestDir dir;
    const std::string book_path = pantheon::test::shared_book_path();
    referee::OpeningBook book;
    std::string error;
    ASSERT_TRUE(referee::load_opening_book(book_path, book, &error)) << error;
    SelfplayOptions o = tiny_run(dir.file("run"));
    o.book = book_path;
    o.random_plies_min = 0;
    o.random_plies_max = 2;
    run_ok(o);
    for (const auto& game : all_games(dir.file("run"))) {
        check_game(game, o);
        EXPECT_NE(std::find(book.fens.begin(), book.fens.end(), game.start_fen), book.fens.end())
            << game.start_fen;
    }
}

}  // namespace
}  // namespace pantheon::selfplay
