// The search's fast move facts agree with the core's move generator.
#include "engine/search/move_check.h"

#include <gtest/gtest.h>

#include <random>

#include "engine/core/movegen.h"
#include "search_test_support.h"

namespace pantheon::search {
namespace {

std::vector<Position> test_positions(int count) {
    std::mt19937_64 rng(12345);
    const auto fens = test::sample_fens();
    std::vector<Position> out;
    for (int i = 0; i < count; ++i)
        out.push_back(test::random_playout(test::position_from_fen(fens[rng() % fens.size()]),
                                           int(rng() % 40), rng));
    return out;
}

TEST(MoveCheck, ValidMoveAgreesWithGenerator) {
    std::mt19937_64 rng(7);
    for (const Position& pos : test_positions(300)) {
        MoveList legal;
        generate_legal(pos, legal);
        for (Move m : legal) ASSERT_TRUE(is_valid_move(pos, m)) << pos.fen() << " " << m.raw();
        // Random 16-bit values: valid exactly when the generator has them.
        for (int i = 0; i < 3000; ++i) {
            const Move m{uint16_t(rng())};
            ASSERT_EQ(is_valid_move(pos, m), legal.contains(m)) << pos.fen() << " raw " << m.raw();
        }
        // Near misses: legal moves with the promotion flag flipped or another origin.
        for (Move m : legal) {
            const Move flipped(uint16_t(m.raw() ^ (1 << 14)));
            ASSERT_EQ(is_valid_move(pos, flipped), legal.contains(flipped)) << pos.fen();
        }
    }
}

TEST(MoveCheck, GivesCheckAgreesWithMakingTheMove) {
    for (Position pos : test_positions(200)) {
        const Color us = pos.side_to_move();
        const Bitboard discoverers = pos.king_blockers(~us) & pos.pieces(us);
        MoveList legal;
        generate_legal(pos, legal);
        for (Move m : legal) {
            const bool predicted = gives_check(pos, m, discoverers);
            pos.do_move(m);
            const bool actual = pos.in_check();
            pos.undo_move();
            ASSERT_EQ(predicted, actual) << pos.fen() << " " << m.raw();
        }
    }
}

TEST(MoveCheck, CampmateStepsAreTheLegalKingMovesToTheLastRank) {
    for (const Position& pos : test_positions(300)) {
        const Color us = pos.side_to_move();
        MoveList legal;
        generate_legal(pos, legal);
        Bitboard expected = 0;
        for (Move m : legal)
            if (!m.is_drop() && m.from() == pos.king_square(us) &&
                (geometry::LAST_RANK[us] & bit(m.to())))
                expected |= bit(m.to());
        ASSERT_TRUE(campmate_steps(pos, us) == expected) << pos.fen();
    }
    // Hand-made: the rook on d9 guards e9 and f9 along the rank, but the king
    // may take it (capturing onto the last rank wins too).
    const Position pos = test::position_from_fen("3r5/4K4/9/9/9/4k4/9/9/9[] w - - 0 1");
    EXPECT_TRUE(campmate_steps(pos, WHITE) == bit(make_square(3, 8)));
    EXPECT_TRUE(campmate_steps(pos, BLACK) == 0);
    EXPECT_FALSE(
        campmate_available(test::position_from_fen("3r5/4K4/9/9/9/4k4/9/9/9[] b - - 0 1")));
    EXPECT_TRUE(
        campmate_threatened(test::position_from_fen("3r5/4K4/9/9/9/4k4/9/9/9[] b - - 0 1")));
}

TEST(MoveCheck, NonPawnMaterialCountsHands) {
    EXPECT_FALSE(has_non_pawn_material(
        test::position_from_fen("4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1"), WHITE));
    EXPECT_TRUE(has_non_pawn_material(
        test::position_from_fen("4k4/9/9/9/9/9/4P4/9/4K4[N] w - - 0 1"), WHITE));
    EXPECT_TRUE(has_non_pawn_material(
        test::position_from_fen("4k4/9/9/9/9/9/4+P4/9/4K4[] w - - 0 1"), WHITE));
}

}  // namespace
}  // namespace pantheon::search
