// Drops (SPEC "Mansindam"): any hand piece on any empty square, unpromoted;
// pawns not on their last rank nor on a file holding an unpromoted pawn of
// their side; a pawn drop may give checkmate.
#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/core/rules.h"
#include "test_support.h"

namespace pantheon::test {
namespace {

int count_with_prefix(const std::vector<std::string>& moves, std::string_view prefix) {
    int n = 0;
    for (const std::string& m : moves) n += m.rfind(prefix, 0) == 0;
    return n;
}

TEST(PawnDrop, RefusedOnWhiteLastRank) {
    const Position pos = position("4k4/9/9/9/9/9/9/9/4K4[P] w - - 0 1");
    const auto moves = legal_move_texts(pos);
    for (char f = 'a'; f <= 'i'; ++f) {
        EXPECT_FALSE(has_move(pos, std::string("P@") + f + "9")) << f;
        EXPECT_TRUE(has_move(pos, std::string("P@") + f + "8")) << f;
    }
    // 79 empty squares, 8 of them on rank 9.
    EXPECT_EQ(count_with_prefix(moves, "P@"), 71);
    std::string error;
    EXPECT_FALSE(parse_move(pos, "P@a9", &error));
    EXPECT_NE(error.find("illegal"), std::string::npos) << error;
}

TEST(PawnDrop, RefusedOnBlackLastRank) {
    const Position pos = position("4k4/9/9/9/9/9/9/9/4K4[p] b - - 0 1");
    for (char f = 'a'; f <= 'i'; ++f) {
        EXPECT_FALSE(has_move(pos, std::string("P@") + f + "1")) << f;
        EXPECT_TRUE(has_move(pos, std::string("P@") + f + "2")) << f;
    }
    EXPECT_EQ(count_with_prefix(legal_move_texts(pos), "P@"), 71);
}

TEST(PawnDrop, OtherPiecesMayBeDroppedOnTheLastRank) {
    const Position pos = position("4k4/9/9/9/9/9/9/9/4K4[N] w - - 0 1");
    EXPECT_TRUE(has_move(pos, "N@a9"));
    EXPECT_EQ(count_with_prefix(legal_move_texts(pos), "N@"), 79);
}

TEST(PawnDrop, RefusedOnFileWithOwnUnpromotedPawn) {
    const Position pos = position("4k4/9/9/9/4P4/9/9/9/4K4[P] w - - 0 1");
    const auto moves = legal_move_texts(pos);
    for (int r = 2; r <= 8; ++r) EXPECT_FALSE(has_move(pos, "P@e" + std::to_string(r))) << r;
    EXPECT_TRUE(has_move(pos, "P@d5"));
    EXPECT_TRUE(has_move(pos, "P@f4"));
    // 78 empty squares, 8 on rank 9 and 6 more on the e-file.
    EXPECT_EQ(count_with_prefix(moves, "P@"), 64);
}

TEST(PawnDrop, OpponentPawnOnFileDoesNotRestrict) {
    const Position pos = position("4k4/9/9/9/4p4/9/9/9/4K4[P] w - - 0 1");
    EXPECT_TRUE(has_move(pos, "P@e4"));
    EXPECT_TRUE(has_move(pos, "P@e6"));
}

TEST(PawnDrop, AllowedOnFileWithOwnGuard) {
    // A Guard is a promoted pawn: it does not count for the two-pawn rule.
    const Position pos = position("4k4/9/9/9/4+P4/9/9/9/4K4[P] w - - 0 1");
    EXPECT_TRUE(has_move(pos, "P@e4"));
    EXPECT_TRUE(has_move(pos, "P@e6"));
    EXPECT_EQ(count_with_prefix(legal_move_texts(pos), "P@"), 70);
}

TEST(PawnDrop, MateIsAllowed) {
    // Black king a9; the Guard b7 covers a8 and b8, the knight d8 covers b9.
    Position pos = position("k8/3N5/1+P7/9/9/9/9/9/4K4[P] w - - 0 1");
    ASSERT_TRUE(has_move(pos, "P@a8"));
    pos.do_move(legal_move(pos, "P@a8"));
    EXPECT_TRUE(pos.in_check());
    EXPECT_TRUE(legal_move_texts(pos).empty());
    const GameResult result = game_result(pos);
    EXPECT_EQ(result.termination, Termination::Checkmate);
    ASSERT_TRUE(result.winner.has_value());
    EXPECT_EQ(*result.winner, WHITE);
}

TEST(Drop, PutsTheHandPieceOnTheBoard) {
    Position pos = position("4k4/9/9/9/9/9/9/9/4K4[RRp] w - - 0 1");
    pos.do_move(legal_move(pos, "R@c4"));
    EXPECT_EQ(pos.piece_on(*parse_square("c4")), make_piece(WHITE, ROOK));
    EXPECT_EQ(pos.hand_count(WHITE, ROOK), 1);
    EXPECT_EQ(pos.fen(), "4k4/9/9/9/9/2R6/9/9/4K4[Rp] b - - 1 1");
    pos.undo_move();
    EXPECT_EQ(pos.fen(), "4k4/9/9/9/9/9/9/9/4K4[RRp] w - - 0 1");
}

TEST(Drop, InZoneStaysUnpromotedAndPromotesOnItsNextMove) {
    Position pos = position("4k4/9/9/9/9/9/9/9/4K4[R] w - - 0 1");
    const Move drop = legal_move(pos, "R@b8");
    EXPECT_FALSE(drop.is_promotion());
    pos.do_move(drop);
    const Square b8 = *parse_square("b8");
    EXPECT_EQ(pos.piece_on(b8), make_piece(WHITE, ROOK));
    EXPECT_EQ(pos.fen(), "4k4/1R7/9/9/9/9/9/9/4K4[] b - - 1 1");

    pos.do_move(legal_move(pos, "e9f9"));
    // Every move of the dropped rook starts in the zone, so every one promotes.
    int rook_moves = 0;
    for (const std::string& m : legal_move_texts(pos)) {
        if (m.rfind("b8", 0) != 0) continue;
        ++rook_moves;
        EXPECT_EQ(m.back(), '+') << m;
    }
    EXPECT_EQ(rook_moves, 16);
    EXPECT_FALSE(has_move(pos, "b8b4"));
    pos.do_move(legal_move(pos, "b8b4+"));
    EXPECT_EQ(pos.piece_on(*parse_square("b4")), make_piece(WHITE, TIGER));
}

TEST(Drop, PawnDroppedInZonePromotesWhenItMoves) {
    Position pos = position("k8/9/9/9/9/9/9/9/4K4[P] w - - 0 1");
    pos.do_move(legal_move(pos, "P@e8"));
    EXPECT_EQ(pos.piece_on(*parse_square("e8")), make_piece(WHITE, PAWN));
    pos.do_move(legal_move(pos, "a9a8"));
    EXPECT_FALSE(has_move(pos, "e8e9"));
    pos.do_move(legal_move(pos, "e8e9+"));
    EXPECT_EQ(pos.piece_on(*parse_square("e9")), make_piece(WHITE, GUARD));
}

}  // namespace
}  // namespace pantheon::test
