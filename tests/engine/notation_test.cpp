// Move and square text (SPEC "Notation"): e3e4, e6e7+, P@e5. Every legal move
// prints and parses back to itself; malformed text and illegal moves are
// refused with a message saying which.
#include "engine/core/notation.h"

#include <gtest/gtest.h>

#include "random_position.h"
#include "test_support.h"

namespace pantheon::test {
namespace {

TEST(SquareText, EverySquareRoundTrips) {
    for (int s = 0; s < SQUARE_NB; ++s) {
        const std::string name = square_name(Square(s));
        EXPECT_EQ(parse_square(name), std::optional<Square>(Square(s))) << name;
    }
    EXPECT_EQ(square_name(make_square(0, 0)), "a1");
    EXPECT_EQ(square_name(make_square(8, 8)), "i9");
}

TEST(SquareText, RefusesOffBoardAndMalformed) {
    for (const char* text :
         {"", "a", "j1", "a0", "a10", "a01", "A1", "1a", "a1x", "i10", "`1", "a-1"})
        EXPECT_FALSE(parse_square(text)) << text;
}

TEST(MoveText, Formats) {
    EXPECT_EQ(move_to_string(Move::normal(make_square(4, 2), make_square(4, 3))), "e3e4");
    EXPECT_EQ(move_to_string(Move::normal(make_square(4, 5), make_square(4, 6), true)), "e6e7+");
    EXPECT_EQ(move_to_string(Move::drop(PAWN, make_square(4, 4))), "P@e5");
    EXPECT_EQ(move_to_string(Move::drop(ANGEL, make_square(0, 8))), "A@a9");
    EXPECT_EQ(move_to_string(Move::none()), "0000");
}

TEST(MoveText, BlackDropsUseUpperCaseLetters) {
    const Position pos = position("4k4/9/9/9/9/9/9/9/4K4[cp] b - - 0 1");
    EXPECT_TRUE(has_move(pos, "C@e5"));
    EXPECT_TRUE(has_move(pos, "P@e5"));
}

void expect_every_move_round_trips(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        const std::string text = move_to_string(m);
        std::string error;
        const auto parsed = parse_move(pos, text, &error);
        ASSERT_TRUE(parsed) << pos.fen() << " " << text << ": " << error;
        EXPECT_EQ(*parsed, m) << pos.fen() << " " << text;
    }
}

TEST(MoveText, EveryLegalMoveRoundTrips) {
    expect_every_move_round_trips(Position::start());
    std::mt19937_64 rng(0x7E77);
    for (int i = 0; i < 200; ++i) {
        expect_every_move_round_trips(position(random_valid_fen(rng)));
        if (HasFatalFailure()) return;
    }
}

TEST(MoveText, RefusesMalformedText) {
    const Position pos = position("4k4/9/9/4P4/9/9/9/9/4K4[P] w - - 0 1");
    for (const char* text :
         {"",    "e",  "e6",   "e6e",   "e6e7++", "+e6e7", "z6z7", "e0e1",  "e10e1", "e6 e7",
          "@e5", "P@", "P@z5", "P@e55", "P@e",    "K@e5",  "X@e5", "+P@e5", "e6-e7", "0000"}) {
        std::string error;
        EXPECT_FALSE(parse_move(pos, text, &error)) << text;
        EXPECT_NE(error.find("malformed"), std::string::npos) << text << ": " << error;
    }
}

TEST(MoveText, RefusesIllegalMoves) {
    const Position pos = position("4k4/9/9/4P4/9/9/9/9/4K4[P] w - - 0 1");
    for (const char* text : {"e6e7",     // promotion is mandatory
                             "e1e2+",    // a king never promotes
                             "e6e8+",    // pawns step one square
                             "e9e8",     // not White's piece
                             "a1a2",     // no piece there
                             "P@e9",     // pawn drop on the last rank
                             "N@e5",     // not in hand
                             "P@e6"}) {  // occupied
        std::string error;
        EXPECT_FALSE(parse_move(pos, text, &error)) << text;
        EXPECT_NE(error.find("illegal move '" + std::string(text) + "'"), std::string::npos)
            << text << ": " << error;
    }
    EXPECT_TRUE(parse_move(pos, "e6e7+"));
    EXPECT_TRUE(parse_move(pos, "P@d9") == std::nullopt);
    EXPECT_TRUE(parse_move(pos, "P@d8"));
}

}  // namespace
}  // namespace pantheon::test
