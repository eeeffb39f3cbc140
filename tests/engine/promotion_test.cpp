// Promotion (SPEC "Mansindam"): mandatory for a move that starts or ends in
// the zone (ranks 7-9 for White, 1-3 for Black); Queen, Angel and King never
// promote; a captured piece goes to the captor's hand unpromoted.
#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "test_support.h"

namespace pantheon::test {
namespace {

std::vector<std::string> moves_from(const Position& pos, std::string_view from) {
    std::vector<std::string> out;
    for (const std::string& m : legal_move_texts(pos))
        if (m.rfind(from, 0) == 0) out.push_back(m);
    return out;
}

TEST(Promotion, MandatoryWhenEnteringZone) {
    const Position pos = position("4k4/9/9/4P4/9/9/9/1R7/4K4[] w - - 0 1");
    EXPECT_TRUE(has_move(pos, "e6e7+"));
    EXPECT_FALSE(has_move(pos, "e6e7"));
    EXPECT_TRUE(has_move(pos, "b2b6"));
    EXPECT_FALSE(has_move(pos, "b2b6+"));
    for (const char* to : {"b7", "b8", "b9"}) {
        EXPECT_TRUE(has_move(pos, std::string("b2") + to + "+")) << to;
        EXPECT_FALSE(has_move(pos, std::string("b2") + to)) << to;
    }
}

TEST(Promotion, MandatoryWhenLeavingZone) {
    const Position pos = position("4k4/1R7/9/9/9/9/9/9/4K4[] w - - 0 1");
    EXPECT_TRUE(has_move(pos, "b8b1+"));
    EXPECT_FALSE(has_move(pos, "b8b1"));
    for (const std::string& m : moves_from(pos, "b8")) EXPECT_EQ(m.back(), '+') << m;
}

TEST(Promotion, MandatoryWhenLeavingBlackZone) {
    const Position pos = position("4k4/9/9/9/9/9/1b7/9/4K4[] b - - 0 1");
    EXPECT_TRUE(has_move(pos, "b3c4+"));
    EXPECT_FALSE(has_move(pos, "b3c4"));
    EXPECT_TRUE(has_move(pos, "b3a2+"));
    for (const std::string& m : moves_from(pos, "b3")) EXPECT_EQ(m.back(), '+') << m;
}

TEST(Promotion, MandatoryWithinZone) {
    const Position pos = position("4k4/9/2N6/9/9/9/9/9/4K4[] w - - 0 1");
    EXPECT_EQ(moves_from(pos, "c7"),
              (std::vector<std::string>{"c7a6+", "c7a8+", "c7b5+", "c7b9+", "c7d5+", "c7d9+",
                                        "c7e6+", "c7e8+"}));
}

TEST(Promotion, PromotedPieceBecomesItsPromotedType) {
    const struct {
        const char* fen;
        const char* move;
        PieceType promoted;
    } cases[] = {
        {"4k4/9/9/4P4/9/9/9/9/4K4[] w - - 0 1", "e6e7+", GUARD},
        {"4k4/9/9/9/9/2N6/9/9/4K4[] w - - 0 1", "c4d6", KNIGHT},
        {"4k4/9/9/2N6/9/9/9/9/4K4[] w - - 0 1", "c6d8+", CENTAUR},
        {"4k4/9/9/9/9/9/9/2B6/4K4[] w - - 0 1", "c2h7+", ARCHER},
        {"4k4/9/9/9/9/9/9/R8/4K4[] w - - 0 1", "a2a7+", TIGER},
        {"4k4/9/9/9/9/9/9/C8/4K4[] w - - 0 1", "a2b4", CARDINAL},
        {"4k4/9/9/9/9/9/9/C8/4K4[] w - - 0 1", "a2f7+", RHINO},
        {"4k4/9/9/9/9/9/9/M8/4K4[] w - - 0 1", "a2a8+", SHIP},
    };
    for (const auto& c : cases) {
        Position pos = position(c.fen);
        std::string error;
        const auto m = parse_move(pos, c.move, &error);
        ASSERT_TRUE(m) << c.fen << " " << error;
        pos.do_move(*m);
        EXPECT_EQ(pos.piece_on(m->to()), make_piece(WHITE, c.promoted)) << c.move;
    }
}

TEST(Promotion, QueenAngelAndKingNeverPromote) {
    // Queen a7, King e7 and Angel i7 stand in White's zone.
    Position pos = position("4k4/9/Q3K3A/9/9/9/9/9/9[] w - - 0 1");
    MoveList list;
    generate_legal(pos, list);
    int zone_moves = 0;
    for (Move m : list) {
        EXPECT_FALSE(m.is_promotion()) << move_to_string(m);
        ++zone_moves;
    }
    EXPECT_GT(zone_moves, 30);
    EXPECT_TRUE(has_move(pos, "a7a1"));  // leaving the zone
    EXPECT_TRUE(has_move(pos, "i7i9"));  // within the zone
    EXPECT_TRUE(has_move(pos, "e7d7"));
    EXPECT_FALSE(has_move(pos, "e7d8"));  // next to the black king
    const struct {
        const char* move;
        PieceType type;
    } cases[] = {{"a7a8", QUEEN}, {"i7i1", ANGEL}, {"e7d6", KING}};
    for (const auto& c : cases) {
        const Move m = legal_move(pos, c.move);
        pos.do_move(m);
        EXPECT_EQ(pos.piece_on(m.to()), make_piece(WHITE, c.type)) << c.move;
        pos.undo_move();
    }
}

TEST(Promotion, PromotedPiecesDoNotPromoteAgain) {
    const Position pos = position("4k4/1+R7/9/9/9/9/9/9/4K4[] w - - 0 1");
    const auto moves = moves_from(pos, "b8");
    EXPECT_FALSE(moves.empty());
    for (const std::string& m : moves) EXPECT_NE(m.back(), '+') << m;
}

TEST(Capture, PromotedPieceGoesToHandUnpromoted) {
    Position pos = position("4k4/9/9/9/+r8/9/9/9/R3K4[] w - - 0 1");
    pos.do_move(legal_move(pos, "a1a5"));
    EXPECT_EQ(pos.hand_count(WHITE, ROOK), 1);
    EXPECT_EQ(pos.fen(), "4k4/9/9/9/R8/9/9/9/4K4[R] b - - 0 1");
    pos.undo_move();
    EXPECT_EQ(pos.hand_count(WHITE, ROOK), 0);
    EXPECT_EQ(pos.piece_on(*parse_square("a5")), make_piece(BLACK, TIGER));
}

TEST(Capture, CapturedGuardBecomesPawnInHand) {
    // The Guard on e2 checks the king, which takes it.
    Position pos = position("4k4/9/9/9/9/9/9/4+p4/4K4[] w - - 0 1");
    ASSERT_TRUE(pos.in_check());
    pos.do_move(legal_move(pos, "e1e2"));
    EXPECT_EQ(pos.hand_count(WHITE, PAWN), 1);
    EXPECT_EQ(pos.fen(), "4k4/9/9/9/9/9/9/4K4/9[P] b - - 0 1");
    // The pawn can be dropped again as a pawn.
    pos.do_move(legal_move(pos, "e9d9"));
    EXPECT_TRUE(has_move(pos, "P@e5"));
}

TEST(Capture, BlackCapturesIntoBlackHand) {
    Position pos = position("4k4/9/9/9/2p6/2+N6/9/9/4K4[] b - - 0 1");
    pos.do_move(legal_move(pos, "c5c4"));
    EXPECT_EQ(pos.hand_count(BLACK, KNIGHT), 1);
    EXPECT_EQ(pos.fen(), "4k4/9/9/9/9/2p6/9/9/4K4[n] w - - 0 2");
}

}  // namespace
}  // namespace pantheon::test
