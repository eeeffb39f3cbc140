// How a game ends (SPEC "Mansindam"): campmate wins at once, a side with no
// legal move loses (checkmate and stalemate alike), and a move creating the
// third occurrence of a situation is illegal; no move left loses.
#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/core/perft.h"
#include "engine/core/rules.h"
#include "test_support.h"

namespace pantheon::test {
namespace {

void play(Position& pos, std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
        std::string error;
        const auto m = parse_move(pos, text, &error);
        ASSERT_TRUE(m) << error;
        MoveList game_moves;
        generate_game_moves(pos, game_moves);
        ASSERT_TRUE(game_moves.contains(*m)) << text << " forbidden by the repetition rule";
        pos.do_move(*m);
    }
}

void expect_result(const Position& pos, Termination termination, Color winner) {
    const GameResult result = game_result(pos);
    EXPECT_EQ(result.termination, termination) << termination_name(result.termination);
    ASSERT_TRUE(result.winner.has_value());
    EXPECT_EQ(*result.winner, winner);
    EXPECT_TRUE(result.over());
}

TEST(Campmate, WhiteKingReachingRankNineWins) {
    Position pos = position("k8/4K4/9/9/9/9/9/9/9[p] w - - 0 1");
    EXPECT_EQ(game_result(pos).termination, Termination::None);
    EXPECT_FALSE(game_result(pos).winner.has_value());
    play(pos, {"e8e9"});
    EXPECT_TRUE(pos.campmate_reached());
    expect_result(pos, Termination::Campmate, WHITE);
    // Black still has a king move and a hand piece, but the game is over.
    EXPECT_TRUE(legal_move_texts(pos).empty());
    EXPECT_EQ(perft(pos, 1), 0u);
}

TEST(Campmate, BlackKingReachingRankOneWins) {
    Position pos = position("9/9/9/9/9/9/9/4k4/K8[] b - - 0 1");
    play(pos, {"e2e1"});
    expect_result(pos, Termination::Campmate, BLACK);
    EXPECT_TRUE(legal_move_texts(pos).empty());
}

TEST(Campmate, KingMayNotStepOntoAnAttackedLastRankSquare) {
    // The black rook on a9 covers rank 9 up to h9.
    const Position pos = position("r7k/4K4/9/9/9/9/9/9/9[] w - - 0 1");
    for (const char* m : {"e8d9", "e8e9", "e8f9"}) EXPECT_FALSE(has_move(pos, m)) << m;
    EXPECT_TRUE(has_move(pos, "e8d8"));
}

TEST(Campmate, PositionWithKingOnItsLastRankHasNoMoves) {
    const Position pos = position("4K4/9/9/9/k8/9/9/9/9[p] b - - 0 1");
    EXPECT_TRUE(legal_move_texts(pos).empty());
    expect_result(pos, Termination::Campmate, WHITE);
}

TEST(NoLegalMove, StalemateLoses) {
    // Black king a9 is not in check; a8, b8 (Guard b7) and b9 (knight d8) are covered.
    const Position pos = position("k8/3N5/1+P7/9/9/9/9/9/4K4[] b - - 0 1");
    EXPECT_FALSE(pos.in_check());
    EXPECT_TRUE(legal_move_texts(pos).empty());
    expect_result(pos, Termination::Stalemate, WHITE);
}

TEST(NoLegalMove, HandPieceAvoidsStalemate) {
    const Position pos = position("k8/3N5/1+P7/9/9/9/9/9/4K4[p] b - - 0 1");
    EXPECT_FALSE(legal_move_texts(pos).empty());
    EXPECT_EQ(game_result(pos).termination, Termination::None);
}

TEST(NoLegalMove, CheckmateLoses) {
    // The Marshal g9 checks along rank 9; the Guard h7 covers h8 and i8.
    const Position pos = position("6M1k/9/7+P1/9/9/9/9/9/4K4[] b - - 0 1");
    EXPECT_TRUE(pos.in_check());
    EXPECT_TRUE(legal_move_texts(pos).empty());
    expect_result(pos, Termination::Checkmate, WHITE);
}

TEST(Repetition, ThirdOccurrenceIsRefused) {
    Position pos = Position::start();
    const Key start_key = pos.key();
    play(pos, {"b1d2", "b9d8", "d2b1", "d8b9"});  // the start situation, second time
    EXPECT_EQ(pos.key(), start_key);
    EXPECT_EQ(pos.occurrences(start_key), 2);
    play(pos, {"b1d2", "b9d8", "d2b1"});

    const Move back = legal_move(pos, "d8b9");
    EXPECT_TRUE(pos.repeats_third_time(back));
    MoveList legal, game;
    generate_legal(pos, legal);
    generate_game_moves(pos, game);
    EXPECT_TRUE(legal.contains(back));  // perft convention: no history
    EXPECT_FALSE(game.contains(back));
    EXPECT_EQ(game.size(), legal.size() - 1);
    EXPECT_EQ(game_result(pos).termination, Termination::None);
}

TEST(Repetition, SecondOccurrenceIsAllowed) {
    Position pos = Position::start();
    play(pos, {"b1d2", "b9d8", "d2b1"});
    EXPECT_FALSE(pos.repeats_third_time(legal_move(pos, "d8b9")));
}

TEST(Repetition, OccurrencesCountSituationsNotMoveOrder) {
    // The same situation reached by two move orders counts twice.
    Position pos = Position::start();
    play(pos, {"b1d2", "b9d8", "h1f2", "h9f8", "d2b1", "d8b9", "f2h1"});
    const Move m = legal_move(pos, "f8h9");
    EXPECT_FALSE(pos.repeats_third_time(m));  // back to the start: second occurrence
    play(pos, {"f8h9", "h1f2", "h9f8", "b1d2", "b9d8", "f2h1", "f8h9", "d2b1"});
    EXPECT_TRUE(pos.repeats_third_time(legal_move(pos, "d8b9")));
}

TEST(Repetition, NoMoveLeftLoses) {
    // White's king can only shuttle a1-a2: the rook b9 covers the b-file and
    // the bishop (e7 or d6) covers a3. The set-up situation is the first
    // occurrence; a2a1 would make it the third.
    Position pos = position("1r2k4/9/4b4/9/9/9/9/9/K8[] b - - 0 1");
    play(pos, {"e7d6", "a1a2", "d6e7", "a2a1", "e7d6", "a1a2", "d6e7"});
    EXPECT_EQ(legal_move_texts(pos), (std::vector<std::string>{"a2a1"}));
    MoveList game;
    generate_game_moves(pos, game);
    EXPECT_TRUE(game.empty());
    expect_result(pos, Termination::Repetition, BLACK);
}

}  // namespace
}  // namespace pantheon::test
