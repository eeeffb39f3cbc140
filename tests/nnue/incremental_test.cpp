// Incremental accumulators and SIMD kernels against the from-scratch scalar
// reference: every ply of long random playouts, both perspectives, every
// backend this build has.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "engine/core/movegen.h"
#include "engine/core/rules.h"
#include "nnue/accumulator.h"
#include "nnue/evaluate.h"
#include "nnue_test_support.h"
#include "playout_support.h"
#include "tests/engine/random_position.h"

namespace pantheon::nnue {
namespace {

using test::expect_matches_reference;
using test::game_moves;
using test::PlayoutCounts;
using test::random_playout;
using test::test_net;

template <class B>
class Incremental : public ::testing::Test {};
TYPED_TEST_SUITE(Incremental, test::Backends);


TYPED_TEST(Incremental, EqualsFullRefreshEveryPlyOfRandomPlayouts) {
    PlayoutCounts counts;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        random_playout<TypeParam>(seed, Position::start(), 300, true, counts);
        if (this->HasFatalFailure()) return;
    }
    // The playouts are full of what changes features in unusual ways.
    EXPECT_GT(counts.moves, 1000);
    EXPECT_GT(counts.captures, 200);
    EXPECT_GT(counts.drops, 200);
    EXPECT_GT(counts.promotions, 20);
    EXPECT_GT(counts.king_refreshes, 20);
}

TYPED_TEST(Incremental, LazyUpdatesOverManyPliesAndFromRandomPositions) {
    std::mt19937_64 rng(7);
    PlayoutCounts counts;
    for (int i = 0; i < 12; ++i) {
        const Position pos = *Position::from_fen(test::random_valid_fen(rng));
        random_playout<TypeParam>(100 + i, pos, 150, false, counts);
        if (this->HasFatalFailure()) return;
    }
    EXPECT_GT(counts.moves, 600);
}

TYPED_TEST(Incremental, NullMovesAndAStackOutOfStep) {
    Position pos = Position::start();
    AccumulatorStack<TypeParam> stack(&test_net());
    stack.reset(pos);
    stack.do_move(pos, game_moves(pos)[3]);
    stack.do_null_move(pos);
    EXPECT_EQ(stack.evaluate(pos), evaluate_reference(test_net(), pos));
    stack.undo_null_move(pos);
    EXPECT_EQ(stack.evaluate(pos), evaluate_reference(test_net(), pos));
    pos.do_move(game_moves(pos)[0]);  // behind the stack's back: it starts over
    EXPECT_EQ(stack.evaluate(pos), evaluate_reference(test_net(), pos));
}

TYPED_TEST(Incremental, PropagateEqualsScalarOnRandomAccumulators) {
    std::mt19937_64 rng(8);
    std::uniform_int_distribution<int> value(-300, 300);
    for (int i = 0; i < 200; ++i) {
        alignas(64) int16_t a[arch::L1], b[arch::L1];
        for (int k = 0; k < arch::L1; ++k) a[k] = int16_t(value(rng)), b[k] = int16_t(value(rng));
        const int32_t pa = value(rng) * 1000, pb = value(rng) * 1000;
        LayerOutputs want, got;
        propagate_scalar(test_net(), a, b, pa, pb, &want);
        propagate<TypeParam>(test_net(), a, b, pa, pb, &got);
        ASSERT_EQ(got.l2_input, want.l2_input);
        ASSERT_EQ(got.l2_sum, want.l2_sum);
        ASSERT_EQ(got.centipawns, want.centipawns);
    }
}

// Each kernel of the backend itself (propagate may run the forward pass on a
// narrower backend, see simd::ForwardOf).
TYPED_TEST(Incremental, EveryKernelEqualsScalar) {
    std::mt19937_64 rng(10);
    std::uniform_int_distribution<int> value(-300, 300), byte(0, 127);
    const GroupedL2Weights grouped(test_net());
    for (int i = 0; i < 100; ++i) {
        alignas(64) int16_t acc[arch::L1];
        for (auto& v : acc) v = int16_t(value(rng));
        alignas(64) uint8_t want[arch::L1 / 2], got[arch::L1 / 2];
        Kernels<simd::Scalar>::pairwise(acc, want);
        Kernels<TypeParam>::pairwise(acc, got);
        ASSERT_EQ(std::memcmp(want, got, sizeof want), 0);

        alignas(64) uint8_t in[arch::L2_IN];
        for (auto& b : in) b = uint8_t(rng() % 3 ? byte(rng) : 0);
        uint8_t out_want[arch::L2], out_got[arch::L2];
        int32_t sums_want[arch::L2], sums_got[arch::L2];
        Kernels<simd::Scalar>::dense_l2(test_net(), grouped, in, out_want, sums_want);
        Kernels<TypeParam>::dense_l2(test_net(), grouped, in, out_got, sums_got);
        ASSERT_EQ(std::memcmp(sums_want, sums_got, sizeof sums_want), 0);
        ASSERT_EQ(std::memcmp(out_want, out_got, sizeof out_want), 0);

        alignas(64) int16_t a[arch::L1], b[arch::L1];
        const int16_t* rows[3] = {test_net().ft_weights.data() + size_t(rng() % 1000) * arch::L1,
                                  test_net().ft_weights.data() + size_t(rng() % 1000) * arch::L1,
                                  test_net().ft_weights.data() + size_t(rng() % 1000) * arch::L1};
        RowChanges rc;
        rc.add[rc.adds++] = rows[0];
        rc.add[rc.adds++] = rows[1];
        rc.sub[rc.subs++] = rows[2];
        Kernels<simd::Scalar>::update(a, acc, rc);
        Kernels<TypeParam>::update(b, acc, rc);
        ASSERT_EQ(std::memcmp(a, b, sizeof a), 0);
    }
}

TYPED_TEST(Incremental, ExtremeWeightsStillAgree) {
    // Dense weights at +-127 and inputs at the clip: the largest pair sums.
    Network net = test_net();
    for (auto& w : net.l2_weights) w = (&w - net.l2_weights.data()) % 3 ? 127 : -127;
    alignas(64) int16_t a[arch::L1], b[arch::L1];
    for (int k = 0; k < arch::L1; ++k) a[k] = 30000, b[k] = int16_t(k % 2 ? 127 : -5);
    LayerOutputs want, got;
    propagate_scalar(net, a, b, 0, 0, &want);
    propagate<TypeParam>(net, a, b, 0, 0, &got);
    EXPECT_EQ(got.l2_sum, want.l2_sum);
    EXPECT_EQ(got.centipawns, want.centipawns);
}

TYPED_TEST(Incremental, ColourSymmetryThroughTheStack) {
    std::mt19937_64 rng(9);
    for (int i = 0; i < 50; ++i) {
        const Position pos = *Position::from_fen(test::random_valid_fen(rng));
        AccumulatorStack<TypeParam> stack(&test_net());
        EXPECT_EQ(stack.evaluate(pos), evaluate_reference(test_net(), test::RotatedSwapped{pos}));
    }
}

}  // namespace
}  // namespace pantheon::nnue
