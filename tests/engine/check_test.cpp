// Check, evasions and pins: a move may not leave the mover's king attacked.
// Evasions are king moves, captures of the checker and interpositions (board
// moves or drops); a knight jump cannot be blocked; in double check only the
// king moves; a pinned piece moves only along its pin line.
#include <gtest/gtest.h>

#include "test_support.h"

namespace pantheon::test {
namespace {

using Moves = std::vector<std::string>;

Moves moves_from(const Position& pos, std::string_view from) {
    Moves out;
    for (const std::string& m : legal_move_texts(pos))
        if (m.rfind(from, 0) == 0) out.push_back(m);
    return out;
}

TEST(Check, EvasionsIncludeInterposingDrops) {
    // The black rook e9 checks along the e-file.
    const Position pos = position("k3r4/9/9/9/9/9/9/9/4K4[N] w - - 0 1");
    ASSERT_TRUE(pos.in_check());
    EXPECT_EQ(legal_move_texts(pos), (Moves{"N@e2", "N@e3", "N@e4", "N@e5", "N@e6", "N@e7", "N@e8",
                                            "e1d1", "e1d2", "e1f1", "e1f2"}));
}

TEST(Check, EvasionsIncludeInterposingMovesAndCaptures) {
    // Bishop b2 can block on e5; rook a9 can take the checker on e9 (promoting).
    const Position pos = position("R3r2k1/9/9/9/9/9/9/1B7/4K4[] w - - 0 1");
    ASSERT_TRUE(pos.in_check());
    EXPECT_EQ(legal_move_texts(pos), (Moves{"a9e9+", "b2e5", "e1d1", "e1d2", "e1f1", "e1f2"}));
}

TEST(Check, KingMayNotRetreatAlongTheCheckingLine) {
    const Position pos = position("k8/9/9/9/4r4/9/9/4K4/9[] w - - 0 1");
    EXPECT_FALSE(has_move(pos, "e2e1"));
    EXPECT_TRUE(has_move(pos, "e2d1"));
}

TEST(Check, KnightJumpCannotBeBlocked) {
    // The black knight d3 checks e1; a rook in hand cannot interpose.
    const Position pos = position("k8/9/9/9/9/9/3n5/9/4K4[R] w - - 0 1");
    ASSERT_TRUE(pos.in_check());
    EXPECT_EQ(legal_move_texts(pos), (Moves{"e1d1", "e1d2", "e1e2", "e1f1"}));
}

TEST(Check, MarshalKnightJumpCheckCannotBeBlocked) {
    // The Marshal d3 checks by its knight jump and covers the d-file and rank 3.
    const Position pos = position("k8/9/9/9/9/9/3m5/9/4K4[R] w - - 0 1");
    ASSERT_TRUE(pos.in_check());
    EXPECT_EQ(legal_move_texts(pos), (Moves{"e1e2", "e1f1"}));
}

TEST(Check, CheckerCanBeCaptured) {
    // The knight d3 checks e1; the white rook d8 takes it, promoting because
    // it starts in the zone; no other rook move answers the check.
    const Position pos = position("k8/3R5/9/9/9/9/3n5/9/4K4[] w - - 0 1");
    EXPECT_EQ(moves_from(pos, "d8"), (Moves{"d8d3+"}));
}

TEST(Check, DoubleCheckAllowsOnlyKingMoves) {
    // Rook e9 and knight d3 both check; the rook b2 and the hand cannot help.
    const Position pos = position("k3r4/9/9/9/9/9/3n5/1R7/4K4[B] w - - 0 1");
    ASSERT_TRUE(pos.in_check());
    EXPECT_EQ(legal_move_texts(pos), (Moves{"e1d1", "e1d2", "e1f1"}));
}

TEST(Check, PawnGivesCheckForwardOnly) {
    const Position in_check = position("k8/9/9/9/9/9/9/4p4/4K4[] w - - 0 1");
    EXPECT_TRUE(in_check.in_check());
    const Position beside = position("k8/9/9/9/9/9/9/3p5/4K4[] w - - 0 1");
    EXPECT_FALSE(beside.in_check());
    EXPECT_TRUE(has_move(beside, "e1e2"));   // d2 pawn attacks d1 only
    EXPECT_FALSE(has_move(beside, "e1d1"));  // attacked by the pawn
}

TEST(Pin, RookPinnedOnFileMovesAlongIt) {
    const Position pos = position("k3r4/9/9/9/4R4/9/9/9/4K4[] w - - 0 1");
    EXPECT_FALSE(pos.in_check());
    EXPECT_EQ(moves_from(pos, "e5"),
              (Moves{"e5e2", "e5e3", "e5e4", "e5e6", "e5e7+", "e5e8+", "e5e9+"}));
}

TEST(Pin, PinnedKnightCannotMove) {
    const Position pos = position("k3r4/9/9/9/4N4/9/9/9/4K4[] w - - 0 1");
    EXPECT_TRUE(moves_from(pos, "e5").empty());
}

TEST(Pin, PinnedCardinalKeepsOnlyItsDiagonal) {
    // The black bishop a5 pins the Cardinal c3 to the king e1: no knight jumps.
    const Position pos = position("k8/9/9/9/b8/9/2C6/9/4K4[] w - - 0 1");
    EXPECT_EQ(moves_from(pos, "c3"), (Moves{"c3a5", "c3b4", "c3d2"}));
}

TEST(Pin, TwoPiecesOnTheLineAreNotPinned) {
    // Rook e5 and Queen e3 both stand between the black rook and the king.
    const Position pos = position("k3r4/9/9/9/4R4/9/4Q4/9/4K4[] w - - 0 1");
    EXPECT_TRUE(has_move(pos, "e5a5"));
    EXPECT_TRUE(has_move(pos, "e3a3"));
}

}  // namespace
}  // namespace pantheon::test
