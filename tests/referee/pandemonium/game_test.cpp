// The referee compiled for Pandemonium (pantheon_game_pandemonium):
// move texts judged by its rules (castling, en passant), and games ended by
// them: stalemate and a third repetition are draws, a repetition made by one
// side's checks loses for that side. Positions as in tests/engine/pandemonium.
#include "referee/game.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>

#include "engine/core/setups.h"
#include "referee/opening_book.h"

namespace pantheon::referee {
namespace {

Game game_from(std::string_view fen, const AdjudicationRules& rules = {}) {
    const auto pos = Position::from_fen(fen);
    EXPECT_TRUE(pos) << fen;
    return Game(pos ? *pos : Position::start(), rules);
}

// Judges and plays every move; each must be a move of the game.
void play(Game& g, std::initializer_list<const char*> moves) {
    for (const char* m : moves) {
        ASSERT_FALSE(g.ending()) << "over before " << m;
        const auto v = g.judge(m);
        ASSERT_TRUE(v.legal) << m << ": " << v.error;
        g.play(v.move);
    }
}

constexpr std::string_view CASTLE = "r3k4r/10/10/10/10/10/10/10/10/R3K4R[] w KQkq - 0 1";

TEST(PandemoniumGame, TellsAPawnDropMateFromOtherIllegalMoves) {
    const Game g = game_from("kn8/p9/10/10/10/10/10/10/10/1R7K[PQ] w - - 0 1");
    const auto mate = g.judge("P@b9");
    EXPECT_FALSE(mate.legal);
    EXPECT_FALSE(mate.malformed);
    EXPECT_TRUE(mate.pawn_drop_mate);
    const auto other = g.judge("P@a10");
    EXPECT_FALSE(other.legal);
    EXPECT_FALSE(other.pawn_drop_mate);
    EXPECT_TRUE(g.judge("Q@b9").legal);
}

TEST(PandemoniumGame, JudgesCastling) {
    Game g = game_from(CASTLE);
    EXPECT_TRUE(g.judge("e1h1").legal);
    EXPECT_TRUE(g.judge("e1b1").legal);
    EXPECT_FALSE(g.judge("e1g1").legal);  // the king moves three squares
    play(g, {"e1h1"});
    EXPECT_EQ(g.position().fen(), "r3k4r/10/10/10/10/10/10/10/10/R5RK2[] b kq - 1 1");
    EXPECT_EQ(g.position_command(), "position fen " + std::string(CASTLE) + " moves e1h1");
    // Not through an attacked square: a black marshal on g5 watches g1.
    Game through = game_from("r3k4r/10/10/10/10/6m3/10/10/10/R3K4R[] w KQkq - 0 1");
    EXPECT_FALSE(through.judge("e1h1").legal);
    EXPECT_TRUE(through.judge("e1b1").legal);
}

TEST(PandemoniumGame, JudgesEnPassantOverEitherPassedSquare) {
    // White pawn c2; black pawns b4 (attacks c3) and d5 (attacks c4).
    constexpr std::string_view steps = "4k5/10/10/10/10/3p6/1p8/10/2P7/4K5[P] w - - 0 1";
    for (const char* capture : {"b4c3", "d5c4"}) {
        Game g = game_from(steps);
        play(g, {"c2c5", capture});
        EXPECT_EQ(g.position().piece_on(make_square(2, 4)), NO_PIECE) << capture;  // c5 taken
        EXPECT_EQ(g.position().hand_count(BLACK, PAWN), 1) << capture;
    }
    // Only at once: after another move the right is gone.
    Game later = game_from(steps);
    play(later, {"c2c5", "e10e9", "e1e2"});
    EXPECT_FALSE(later.judge("b4c3").legal);
    EXPECT_FALSE(later.judge("d5c4").legal);
}

TEST(PandemoniumGame, StalemateIsADraw) {
    // White's queen d9-c9 leaves the black king on a10 without a move.
    Game g = game_from("k9/3Q6/10/10/10/10/10/10/10/9K[] w - - 0 1");
    EXPECT_FALSE(g.ending());
    play(g, {"d9c9"});
    const auto end = g.ending();
    ASSERT_TRUE(end);
    EXPECT_EQ(end->kind, Ending::Kind::Rules);
    EXPECT_EQ(end->termination, Termination::Stalemate);
    EXPECT_FALSE(end->winner);
}

TEST(PandemoniumGame, ThirdRepetitionIsADrawAndNoMoveIsForbidden) {
    Game g(Position::start(), {});
    play(g, {"b1c3", "b10c8", "c3b1", "c8b10", "b1c3", "b10c8", "c3b1"});
    // Unlike Mansindam, the move that repeats a third time is a move of the game.
    ASSERT_TRUE(g.judge("c8b10").legal);
    play(g, {"c8b10"});
    const auto end = g.ending();
    ASSERT_TRUE(end);
    EXPECT_EQ(end->kind, Ending::Kind::Rules);
    EXPECT_EQ(end->termination, Termination::Repetition);
    EXPECT_FALSE(end->winner);
}

TEST(PandemoniumGame, PerpetualCheckLosesForTheCheckingSide) {
    Game g = game_from("k9/10/3Q6/10/10/10/10/10/10/9K[] w - - 0 1");
    play(g, {"d8d7", "a10b10", "d7d8", "b10a10", "d8d7", "a10b10", "d7d8"});
    EXPECT_FALSE(g.ending());
    play(g, {"b10a10"});
    const auto end = g.ending();
    ASSERT_TRUE(end);
    EXPECT_EQ(end->kind, Ending::Kind::Rules);
    EXPECT_EQ(end->termination, Termination::PerpetualCheck);
    EXPECT_EQ(end->winner, BLACK);
}

TEST(PandemoniumGame, RulesComeBeforeTheLengthCap) {
    // The cap is reached by the stalemating move: the rules' draw stands.
    AdjudicationRules rules;
    rules.max_plies = 1;
    Game g = game_from("k9/3Q6/10/10/10/10/10/10/10/9K[] w - - 0 1", rules);
    const auto v = g.judge("d9c9");
    ASSERT_TRUE(v.legal) << v.error;
    g.play(v.move, 500);
    const auto end = g.ending();
    ASSERT_TRUE(end);
    EXPECT_EQ(end->kind, Ending::Kind::Rules);
    EXPECT_FALSE(end->winner);
}

TEST(PandemoniumGame, SetupsOtherThanTheStartAreSentAsFen) {
    Game standard(*Position::from_fen(start_setup_fen(0)), {});
    EXPECT_EQ(standard.position_command(), "position startpos");
    Game other(*Position::from_fen(start_setup_fen(7)), {});
    EXPECT_EQ(other.position_command(), "position fen " + other.position().fen());
}

TEST(PandemoniumOpeningBook, ReadsPandemoniumPositionsAndRefusesMansindamOnes) {
    const auto path = std::filesystem::temp_directory_path() /
                      ("pantheon_game_pandemonium_book_" + std::to_string(getpid()) + ".epd");
    {
        std::ofstream out(path);
        out << "# two setups\n" << start_setup_fen(5) << "\n" << std::string(CASTLE) << "\n";
    }
    OpeningBook book;
    std::string error;
    ASSERT_TRUE(load_opening_book(path.string(), book, &error)) << error;
    ASSERT_EQ(book.fens.size(), 2u);
    EXPECT_EQ(book.fens[0], Position::from_fen(start_setup_fen(5))->fen());
    {
        std::ofstream out(path);
        out << "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1\n";
    }
    EXPECT_FALSE(load_opening_book(path.string(), book, &error));
    EXPECT_NE(error.find(":1:"), std::string::npos) << error;
    std::filesystem::remove(path);
}

// A match's draw adjudication (fastchess's -draw movenumber=3 movecount=2
// score=20) on a real game: from the start setup, the first legal move each
// ply; the scores drift into the bound after move 3 and the game is drawn
// once both engines stayed within it for two moves each.
TEST(PandemoniumGame, DrawAdjudicatedWhenBothScoresStayWithinTheBound) {
    AdjudicationRules rules;
    rules.draw_after_plies = 6;
    rules.draw_plies = 4;
    rules.draw_cp = 20;
    Game g = game_from(start_setup_fen(0), rules);
    const int scores[] = {5, -5, 0, 0, 0, 0, 30, -10, 15, -20, 20};
    for (size_t ply = 0; ply < std::size(scores); ++ply) {
        const auto end = g.ending();
        ASSERT_FALSE(end) << "ended before ply " << ply;
        MoveList moves;
        generate_game_moves(g.position(), moves);
        ASSERT_FALSE(moves.empty());
        g.play(moves[0], scores[ply]);
    }
    // Plies 6..10: 30 broke the streak at ply 6, then -10, 15, -20, 20.
    const auto end = g.ending();
    ASSERT_TRUE(end);
    EXPECT_EQ(end->kind, Ending::Kind::DrawAdjudication);
    EXPECT_EQ(end->winner, std::nullopt);
}

}  // namespace
}  // namespace pantheon::referee
