// One test per Pandemonium rule of seed 003 / SPEC, each with a position that
// shows it: castling (and every condition that refuses it), pawn multi-steps
// and en passant over either passed square, promotion (optional for pieces,
// mandatory for pawns), drops (pawn ranks, doubled pawns, pawn-drop mate),
// and the end of the game (stalemate and repetition draw, perpetual check).
#include "engine/core/rules.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <sstream>

#include "engine/core/notation.h"
#include "test_support.h"

namespace pantheon::test {
namespace {

// Plays the moves (each must be legal) and returns the position.
Position play(std::string_view fen, std::initializer_list<std::string_view> moves) {
    Position pos = position(fen);
    for (std::string_view m : moves) pos.do_move(legal_move(pos, m));
    return pos;
}

std::string field(const std::string& fen, int index) {
    std::istringstream in(fen);
    std::string f;
    for (int i = 0; i <= index; ++i) in >> f;
    return f;
}

constexpr std::string_view CASTLE = "r3k4r/10/10/10/10/10/10/10/10/R3K4R[] w KQkq - 0 1";

TEST(PandemoniumCastling, KingMovesThreeSquaresRookLandsBeside) {
    Position pos = position(CASTLE);
    ASSERT_TRUE(has_move(pos, "e1h1"));
    ASSERT_TRUE(has_move(pos, "e1b1"));
    Position king_side = play(CASTLE, {"e1h1"});
    EXPECT_EQ(king_side.fen(), "r3k4r/10/10/10/10/10/10/10/10/R5RK2[] b kq - 1 1");
    Position queen_side = play(CASTLE, {"e1b1"});
    EXPECT_EQ(queen_side.fen(), "r3k4r/10/10/10/10/10/10/10/10/1KR6R[] b kq - 1 1");
    Position black = play(CASTLE, {"e1b1", "e10h10"});
    EXPECT_EQ(black.fen(), "r5rk2/10/10/10/10/10/10/10/10/1KR6R[] w - - 2 2");
    // Taking it back restores everything, rights included.
    black.undo_move();
    black.undo_move();
    EXPECT_EQ(black.fen(), std::string(CASTLE));
}

TEST(PandemoniumCastling, NotThroughOutOfOrIntoCheck) {
    // A black marshal on g5 attacks g1, which the king passes going to h1.
    Position through = position("r3k4r/10/10/10/10/6m3/10/10/10/R3K4R[] w KQkq - 0 1");
    EXPECT_FALSE(has_move(through, "e1h1"));
    EXPECT_TRUE(has_move(through, "e1b1"));
    // On the h-file it attacks the king's landing square.
    Position into = position("r3k4r/10/10/10/10/7m2/10/10/10/R3K4R[] w KQkq - 0 1");
    EXPECT_FALSE(has_move(into, "e1h1"));
    // On the e-file it checks the king: no castling at all.
    Position out_of = position("r3k4r/10/10/10/10/4m5/10/10/10/R3K4R[] w KQkq - 0 1");
    EXPECT_FALSE(has_move(out_of, "e1h1"));
    EXPECT_FALSE(has_move(out_of, "e1b1"));
    // An attacked rook does not matter (a1), an attacked king square does (b1).
    Position rook_attacked = position("r3k4r/10/10/10/10/m9/10/10/10/R3K4R[] w KQkq - 0 1");
    EXPECT_TRUE(has_move(rook_attacked, "e1b1"));
    Position b1_attacked = position("r3k4r/10/10/10/10/1m8/10/10/10/R3K4R[] w KQkq - 0 1");
    EXPECT_FALSE(has_move(b1_attacked, "e1b1"));
    // Every square between king and rook must be empty (b1 here, which the
    // king's path b1-d1 includes, and i1 on the other wing, which it does not).
    Position blocked = position("r3k4r/10/10/10/10/10/10/10/10/RN2K3NR[N] w KQkq - 0 1");
    EXPECT_FALSE(has_move(blocked, "e1b1"));
    EXPECT_FALSE(has_move(blocked, "e1h1"));
}

TEST(PandemoniumCastling, KingOrRookMovedEndsTheRight) {
    Position king = play(CASTLE, {"e1f1", "e10f10", "f1e1", "f10e10"});
    EXPECT_FALSE(has_move(king, "e1h1"));
    EXPECT_FALSE(has_move(king, "e1b1"));
    EXPECT_EQ(field(king.fen(), 2), "-");
    Position rook = play(CASTLE, {"j1i1", "a10b10", "i1j1", "b10a10"});
    EXPECT_FALSE(has_move(rook, "e1h1"));
    EXPECT_TRUE(has_move(rook, "e1b1"));
    EXPECT_EQ(field(rook.fen(), 2), "Qk");
}

TEST(PandemoniumCastling, NotWithADroppedRook) {
    // The a1 rook is taken by a knight; white drops a rook back on a1 later.
    constexpr std::string_view fen = "4k5/10/10/10/10/10/3P6/1n8/10/R3K4R[R] b KQ - 0 1";
    Position pos = play(fen, {"b3a1", "d4d5", "a1b3", "R@a1", "b3a5"});
    EXPECT_EQ(pos.piece_on(make_square(0, 0)), make_piece(WHITE, ROOK));
    EXPECT_FALSE(has_move(pos, "e1b1"));
    EXPECT_TRUE(has_move(pos, "e1h1"));
    EXPECT_EQ(field(pos.fen(), 2), "K");
    // The same board with the right still held allows it.
    Position same_board = position(pos.fen().replace(pos.fen().find(" K "), 3, " KQ "));
    EXPECT_TRUE(has_move(same_board, "e1b1"));
}

// White pawn c2; black pawns b4 (attacks c3) and d5 (attacks c4).
constexpr std::string_view STEPS = "4k5/10/10/10/10/3p6/1p8/10/2P7/4K5[P] w - - 0 1";

TEST(PandemoniumPawns, MultiStepsFromSecondAndThirdRank) {
    Position pos = position(STEPS);
    EXPECT_TRUE(has_move(pos, "c2c3"));
    EXPECT_TRUE(has_move(pos, "c2c4"));
    EXPECT_TRUE(has_move(pos, "c2c5"));
    EXPECT_FALSE(has_move(pos, "c2c6"));
    Position third = play(STEPS, {"c2c3", "e10e9"});
    EXPECT_TRUE(has_move(third, "c3c4"));
    EXPECT_TRUE(has_move(third, "c3c5"));
    EXPECT_FALSE(has_move(third, "c3c6"));
    Position fourth = play(STEPS, {"c2c4", "e10e9"});
    EXPECT_TRUE(has_move(fourth, "c4c5"));
    EXPECT_FALSE(has_move(fourth, "c4c6"));
    // The path must be empty: a piece on c4 stops c2 at c3.
    Position blocked = position("4k5/10/10/10/10/10/2n7/10/2P7/4K5[] w - - 0 1");
    EXPECT_TRUE(has_move(blocked, "c2c3"));
    EXPECT_FALSE(has_move(blocked, "c2c4"));
    EXPECT_FALSE(has_move(blocked, "c2c5"));
    // Pawns capture diagonally forward and never straight ahead.
    Position capture = position("4k5/10/10/10/10/10/10/1b1b6/2P7/4K5[] w - - 0 1");
    EXPECT_TRUE(has_move(capture, "c2b3"));
    EXPECT_TRUE(has_move(capture, "c2d3"));
    Position no_straight = position("4k5/10/10/10/10/10/10/2n7/2P7/4K5[] w - - 0 1");
    EXPECT_FALSE(has_move(no_straight, "c2c3"));
}

TEST(PandemoniumPawns, TripleStepEnPassantOverEitherPassedSquare) {
    Position pos = play(STEPS, {"c2c5"});
    EXPECT_EQ(field(pos.fen(), 3), "c3c4");
    EXPECT_TRUE(has_move(pos, "b4c3"));
    EXPECT_TRUE(has_move(pos, "d5c4"));
    for (std::string_view capture : {"b4c3", "d5c4"}) {
        Position after = play(STEPS, {"c2c5", capture});
        EXPECT_EQ(after.piece_on(make_square(2, 4)), NO_PIECE) << capture;  // c5 taken
        EXPECT_EQ(after.hand_count(BLACK, PAWN), 1) << capture;
        EXPECT_TRUE(after.is_consistent());
        after.undo_move();
        EXPECT_EQ(after.fen(), pos.fen());
    }
    // Only on the next move: after another move the right is gone.
    Position later = play(STEPS, {"c2c5", "e10e9", "e1e2"});
    EXPECT_FALSE(has_move(later, "b4c3"));
    EXPECT_FALSE(has_move(later, "d5c4"));
}

TEST(PandemoniumPawns, DoubleStepEnPassant) {
    Position pos = play(STEPS, {"c2c4"});
    EXPECT_EQ(field(pos.fen(), 3), "c3");
    EXPECT_TRUE(has_move(pos, "b4c3"));
    // A step no enemy pawn could answer records no square.
    Position quiet = play("4k5/10/10/10/10/10/10/10/2P7/4K5[] w - - 0 1", {"c2c5"});
    EXPECT_EQ(field(quiet.fen(), 3), "-");
}

TEST(PandemoniumPawns, DroppedPawnMultiStepsButIsNotTakenEnPassantAtOnce) {
    // Dropped on c4 with a black pawn on d4 watching c3: no en passant.
    Position dropped = play("4k5/10/10/10/10/10/3p6/10/10/4K5[P] w - - 0 1", {"P@c4"});
    EXPECT_EQ(field(dropped.fen(), 3), "-");
    EXPECT_FALSE(has_move(dropped, "d4c3"));
    // The same pawn stepping c2-c4 could be.
    Position stepped = play("4k5/10/10/10/10/10/3p6/10/2P7/4K5[] w - - 0 1", {"c2c4"});
    EXPECT_TRUE(has_move(stepped, "d4c3"));
    // A pawn dropped on its second rank steps three squares later.
    Position later =
        play("4k5/10/10/10/10/3p6/1p8/10/10/4K5[P] w - - 0 1", {"P@c2", "e10e9", "c2c5"});
    EXPECT_EQ(field(later.fen(), 3), "c3c4");
    EXPECT_TRUE(has_move(later, "b4c3"));
}

TEST(PandemoniumPawns, EnPassantThatExposesTheKingIsRefused) {
    // After c2-c5 the white pawn and the black d5 pawn stand on rank 5
    // between the black king a5 and the white rook j5: d5xc4 would empty it.
    Position pos = play("10/10/10/10/10/k2p5R/10/10/2P7/4K5[] w - - 0 1", {"c2c5"});
    EXPECT_EQ(field(pos.fen(), 3), "c3c4");  // every passed square, once one can be used
    EXPECT_FALSE(has_move(pos, "d5c4"));
}

TEST(PandemoniumPromotion, OptionalForPiecesInTheZoneDeclinedKeepsTheChoice) {
    constexpr std::string_view fen = "4k5/10/10/2N7/10/10/10/10/10/4K5[] w - - 0 1";
    Position pos = position(fen);
    EXPECT_TRUE(has_move(pos, "c7b9"));    // entering the zone: declined
    EXPECT_TRUE(has_move(pos, "c7b9+"));   // or chosen
    EXPECT_FALSE(has_move(pos, "c7e8+"));  // outside the zone: no promotion
    // Declined, the knight may promote on a later move inside the zone or
    // leaving it, but not once it moves outside again.
    Position declined = play(fen, {"c7b9", "e10e9"});
    EXPECT_EQ(declined.piece_on(make_square(1, 8)), make_piece(WHITE, KNIGHT));
    EXPECT_TRUE(has_move(declined, "b9d10+"));
    EXPECT_TRUE(has_move(declined, "b9d10"));
    EXPECT_TRUE(has_move(declined, "b9c7+"));  // leaving the zone
    EXPECT_TRUE(has_move(declined, "b9c7"));
    Position left = play(fen, {"c7b9", "e10e9", "b9c7", "e9e10"});
    EXPECT_FALSE(has_move(left, "c7e8+"));
    EXPECT_TRUE(has_move(left, "c7e8"));
    EXPECT_TRUE(has_move(left, "c7d9+"));  // back in the zone: the choice again
    Position promoted = play(fen, {"c7b9+"});
    EXPECT_EQ(promoted.piece_on(make_square(1, 8)), make_piece(WHITE, SCEPTER));
    EXPECT_EQ(move_to_string(legal_move(position(fen), "c7b9")), "c7b9");
}

TEST(PandemoniumPromotion, MandatoryForPawnsQueenAndKingNever) {
    Position pawn = position("4k5/10/3P6/10/10/10/10/10/10/Q3K5[] w - - 0 1");
    EXPECT_TRUE(has_move(pawn, "d8d9+"));
    EXPECT_FALSE(has_move(pawn, "d8d9"));
    EXPECT_TRUE(has_move(pawn, "a1a9"));
    EXPECT_FALSE(has_move(pawn, "a1a9+"));
    Position gilding = play("4k5/10/3P6/10/10/10/10/10/10/Q3K5[] w - - 0 1", {"d8d9+"});
    EXPECT_EQ(gilding.piece_on(make_square(3, 8)), make_piece(WHITE, GILDING));
    // A pawn dropped on rank 9 must promote on its step to rank 10.
    Position dropped = play("4k5/10/10/10/10/10/10/10/10/4K5[P] w - - 0 1", {"P@a9", "e10e9"});
    EXPECT_TRUE(has_move(dropped, "a9a10+"));
    EXPECT_FALSE(has_move(dropped, "a9a10"));
}

TEST(PandemoniumDrops, PawnRanksAndDoubledPawns) {
    Position pos = position("4k5/10/10/10/10/10/10/10/2P7/4K5[P] w - - 0 1");
    EXPECT_FALSE(has_move(pos, "P@a1"));
    EXPECT_FALSE(has_move(pos, "P@a10"));
    EXPECT_TRUE(has_move(pos, "P@a2"));
    EXPECT_TRUE(has_move(pos, "P@a9"));
    EXPECT_TRUE(has_move(pos, "P@c5"));  // doubled pawns are allowed
    Position black = position("4k5/10/10/10/10/10/10/10/10/4K5[p] b - - 0 1");
    EXPECT_FALSE(has_move(black, "P@a10"));
    EXPECT_FALSE(has_move(black, "P@a1"));
    EXPECT_TRUE(has_move(black, "P@a2"));
    // Captured pieces go to the hand unpromoted.
    Position capture = play("4k5/10/10/10/10/10/10/10/1+r8/2Q1K5[] w - - 0 1", {"c1b2"});
    EXPECT_EQ(capture.hand_count(WHITE, ROOK), 1);
}

TEST(PandemoniumDrops, PawnDropMateRefusedPawnDropCheckAllowed) {
    // Black king a10 boxed in by its knight b10 and pawn a9; b9 covered by the rook.
    constexpr std::string_view mate = "kn8/p9/10/10/10/10/10/10/10/1R7K[PQ] w - - 0 1";
    Position pos = position(mate);
    EXPECT_FALSE(has_move(pos, "P@b9"));
    EXPECT_TRUE(has_move(pos, "Q@b9"));  // mate by another dropped piece is fine
    Position queen_mate = play(mate, {"Q@b9"});
    EXPECT_EQ(game_result(queen_mate).termination, Termination::Checkmate);
    // Without the rook the king takes the pawn: the check is allowed.
    Position check = position("kn8/p9/10/10/10/10/10/10/10/9K[PQ] w - - 0 1");
    ASSERT_TRUE(has_move(check, "P@b9"));
    Position after = play("kn8/p9/10/10/10/10/10/10/10/9K[PQ] w - - 0 1", {"P@b9"});
    EXPECT_TRUE(after.in_check());
}

TEST(PandemoniumDrops, PawnDropMateIsToldApartFromOtherIllegalMoves) {
    const Position mate = position("kn8/p9/10/10/10/10/10/10/10/1R7K[PQ] w - - 0 1");
    EXPECT_TRUE(is_pawn_drop_mate(mate, Move::drop(PAWN, *parse_square("b9"))));
    // Legal pawn drops, drops beside the king and other pieces' mates are not.
    EXPECT_FALSE(is_pawn_drop_mate(mate, Move::drop(PAWN, *parse_square("e5"))));
    EXPECT_FALSE(is_pawn_drop_mate(mate, Move::drop(QUEEN, *parse_square("b9"))));
    EXPECT_FALSE(is_pawn_drop_mate(mate, Move::drop(PAWN, *parse_square("b10"))));  // occupied
    const Position check = position("kn8/p9/10/10/10/10/10/10/10/9K[PQ] w - - 0 1");
    EXPECT_FALSE(is_pawn_drop_mate(check, Move::drop(PAWN, *parse_square("b9"))));
    // Without a pawn in hand the drop is no move at all, mate or not.
    const Position no_pawn = position("kn8/p9/10/10/10/10/10/10/10/1R7K[Q] w - - 0 1");
    EXPECT_FALSE(is_pawn_drop_mate(no_pawn, Move::drop(PAWN, *parse_square("b9"))));
    // In double check no drop answers, so none is a forbidden mate either.
    const Position double_check = position("kn8/p9/10/10/10/9r/10/10/7n2/1R7K[PQ] w - - 0 1");
    EXPECT_FALSE(is_pawn_drop_mate(double_check, Move::drop(PAWN, *parse_square("b9"))));
}

TEST(PandemoniumGameEnd, StalemateIsADraw) {
    Position pos = position("k9/2Q7/10/10/10/10/10/10/10/9K[] b - - 0 1");
    const GameResult r = game_result(pos);
    EXPECT_EQ(r.termination, Termination::Stalemate);
    EXPECT_FALSE(r.winner.has_value());
}

TEST(PandemoniumGameEnd, CheckmateLoses) {
    Position pos = position("k9/1Q8/2K7/10/10/10/10/10/10/10[] b - - 0 1");
    const GameResult r = game_result(pos);
    EXPECT_EQ(r.termination, Termination::Checkmate);
    EXPECT_EQ(r.winner, WHITE);
}

TEST(PandemoniumGameEnd, ThirdRepetitionIsADraw) {
    Position pos = Position::start();
    const std::initializer_list<std::string_view> cycle = {"b1c3", "b10c8", "c3b1", "c8b10"};
    for (int round = 0; round < 2; ++round)
        for (std::string_view m : cycle) {
            EXPECT_FALSE(game_result(pos).over());
            pos.do_move(legal_move(pos, m));
        }
    const GameResult r = game_result(pos);
    EXPECT_EQ(r.termination, Termination::Repetition);
    EXPECT_FALSE(r.winner.has_value());
    // Repetition forbids no move in this variant.
    MoveList game_moves, legal;
    generate_game_moves(pos, game_moves);
    generate_legal(pos, legal);
    EXPECT_EQ(game_moves.size(), legal.size());
}

TEST(PandemoniumGameEnd, PerpetualCheckLosesForTheCheckingSide) {
    Position pos = position("k9/10/3Q6/10/10/10/10/10/10/9K[] w - - 0 1");
    const std::initializer_list<std::string_view> cycle = {"d8d7", "a10b10", "d7d8", "b10a10"};
    for (int round = 0; round < 2; ++round)
        for (std::string_view m : cycle) {
            EXPECT_FALSE(game_result(pos).over());
            pos.do_move(legal_move(pos, m));
        }
    const GameResult r = game_result(pos);
    EXPECT_EQ(r.termination, Termination::PerpetualCheck);
    EXPECT_EQ(r.winner, BLACK);
}

TEST(PandemoniumNotation, MovesAndDropsRoundTrip) {
    Position pos = position(CASTLE);
    EXPECT_EQ(move_to_string(legal_move(pos, "e1h1")), "e1h1");
    EXPECT_EQ(move_to_string(legal_move(pos, "a1a10")), "a1a10");
    EXPECT_EQ(square_name(make_square(9, 9)), "j10");
    EXPECT_EQ(parse_square("j10"), make_square(9, 9));
    EXPECT_FALSE(parse_square("k1").has_value());
    EXPECT_FALSE(parse_square("a11").has_value());
    std::string error;
    EXPECT_FALSE(parse_move(pos, "e1g1", &error).has_value());
    EXPECT_NE(error.find("illegal"), std::string::npos);
}

}  // namespace
}  // namespace pantheon::test
