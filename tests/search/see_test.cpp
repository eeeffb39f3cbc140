// Static exchange evaluation (engine/search/see.h): the exchange on one
// square, including pieces behind the first attacker.
#include "engine/search/see.h"

#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "search_test_support.h"

namespace pantheon::search {
namespace {

using test::move_in;

Position position(std::string_view fen) {
    auto pos = Position::from_fen(fen);
    EXPECT_TRUE(pos.has_value()) << fen;
    return pos.value_or(Position::start());
}

constexpr int KNIGHT_FOR_ROOK = see_value(KNIGHT) - see_value(ROOK);

TEST(See, ARookTakingADefendedKnightLosesTheDifference) {
    // Rd2xd5, Ne7xd5.
    const Position pos = position("5k3/9/4n4/9/3n5/9/9/3R5/4K4[] w - - 0 1");
    const Move m = move_in(pos, "d2d5");
    EXPECT_TRUE(see_ge(pos, m, KNIGHT_FOR_ROOK));
    EXPECT_FALSE(see_ge(pos, m, KNIGHT_FOR_ROOK + 1));
    EXPECT_FALSE(see_ge(pos, m, 0));
}

TEST(See, ThePieceBehindTheFirstAttackerJoinsIn) {
    // Rd2xd5, Ne7xd5, Rd1xd5: the rook on d1 stands behind the one on d2.
    const Position pos = position("5k3/9/4n4/9/3n5/9/9/3R5/3RK4[] w - - 0 1");
    const Move m = move_in(pos, "d2d5");
    const int expected = see_value(KNIGHT) + KNIGHT_FOR_ROOK;
    EXPECT_TRUE(see_ge(pos, m, expected));
    EXPECT_FALSE(see_ge(pos, m, expected + 1));
}

TEST(See, AnUndefendedPieceIsWonWhole) {
    const Position pos = position("5k3/9/9/9/3n5/9/9/3R5/4K4[] w - - 0 1");
    const Move m = move_in(pos, "d2d5");
    EXPECT_TRUE(see_ge(pos, m, see_value(KNIGHT)));
    EXPECT_FALSE(see_ge(pos, m, see_value(KNIGHT) + 1));
}

}  // namespace
}  // namespace pantheon::search
