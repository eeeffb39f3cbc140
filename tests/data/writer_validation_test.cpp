// The writer refuses games that a reader could not trust, and leaves no file.
#include <gtest/gtest.h>

#include "data/game_file.h"
#include "data/synthetic_games.h"
#include "engine/core/notation.h"
#include "test_files.h"
#include "tests/test_dir.h"

namespace pantheon::data {
namespace {

void expect_refused(const GameRecord& g, const std::string& fragment) {
    pantheon::test::TestDir dir;
    const GameRecord ok = synthetic_game(1);
    const std::vector<GameRecord> games = {ok, g};
    std::string error;
    EXPECT_FALSE(write_game_file(dir.file("r.pgd"), games, &error));
    EXPECT_NE(error.find("game 2"), std::string::npos) << error;
    EXPECT_NE(error.find(fragment), std::string::npos) << error;
    EXPECT_TRUE(std::filesystem::is_empty(dir.path()));  // no file, no temporary file
}

Move parse(const Position& pos, const char* text) {
    return *parse_move(pos, text);
}

TEST(WriterValidation, IllegalPlayedMove) {
    GameRecord g = synthetic_game(2);
    g.plies[3].played = Move::normal(make_square(0, 0), make_square(0, 5));
    expect_refused(g, "not legal");
}

TEST(WriterValidation, IllegalBestMove) {
    GameRecord g = synthetic_game(2);
    g.plies[0].best = Move::drop(PAWN, make_square(4, 4));  // empty hands at the start
    expect_refused(g, "best move");
}

TEST(WriterValidation, ScoreOutOfRange) {
    GameRecord g = synthetic_game(2);
    g.plies[5].score = SCORE_LIMIT + 1;
    expect_refused(g, "score");
}

TEST(WriterValidation, RecordedEndContradictsTheBoard) {
    GameRecord g = synthetic_game(2);
    ASSERT_NE(g.termination, Termination::None);
    g.plies.pop_back();
    expect_refused(g, "does not match");
    GameRecord w = synthetic_game(2);
    w.winner = ~*w.winner;
    expect_refused(w, "does not match");
}

TEST(WriterValidation, AdjudicatedGameThatIsAlreadyOver) {
    GameRecord g = synthetic_game(2);
    g.termination = Termination::None;
    g.adjudicated = true;
    expect_refused(g, "already over");
}

TEST(WriterValidation, ThirdRepetition) {
    // Knights out and back twice: the start position would occur a third time.
    Position pos = Position::start();
    GameRecord g;
    g.start_fen = pos.fen();
    for (int round = 0; round < 2; ++round)
        for (const char* text : {"b1d2", "b9d8", "d2b1", "d8b9"}) {
            const Move m = parse(pos, text);
            g.plies.push_back({m, m, 0});
            pos.do_move(m);
        }
    expect_refused(g, "repetition");
}

TEST(WriterValidation, BadStartFen) {
    GameRecord g;
    g.start_fen = "not a fen";
    expect_refused(g, "FEN");
}

}  // namespace
}  // namespace pantheon::data
