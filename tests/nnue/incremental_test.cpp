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
#include "tests/engine/random_position.h"

namespace pantheon::nnue {
namespace {

const Network& test_net() {
    static const Network net = test::random_network(51);
    return net;
}

// The game's moves, none once the game is over.
std::vector<Move> game_moves(const Position& pos) {
    if (game_result(pos).over()) return {};
    MoveList list;
    generate_game_moves(pos, list);
    return {list.begin(), list.end()};
}

// Every backend compiled in, scalar first.
using Backends = ::testing::Types<simd::Scalar
#if defined(__AVX2__)
                                  ,
                                  simd::Avx2
#endif
#if defined(__AVX512BW__)
                                  ,
                                  simd::Avx512
#endif
                                  >;

template <class B>
class Incremental : public ::testing::Test {};
TYPED_TEST_SUITE(Incremental, Backends);

// The accumulators of the stack's top equal the reference's, both perspectives.
template <class B>
void expect_matches_reference(AccumulatorStack<B>& stack, const Position& pos, int ply) {
    for (Color c : {WHITE, BLACK}) {
        stack.update(c, pos);
        alignas(64) int16_t acc[arch::L1];
        int32_t psqt;
        refresh_reference(test_net(), pos, c, acc, &psqt);
        ASSERT_EQ(std::memcmp(acc, stack.top().acc[c], sizeof acc), 0)
            << "ply " << ply << " perspective " << int(c) << " " << pos.fen();
        ASSERT_EQ(psqt, stack.top().psqt[c]) << "ply " << ply << " " << pos.fen();
    }
    ASSERT_EQ(stack.evaluate(pos), evaluate_reference(test_net(), pos)) << pos.fen();
}

// Random game-legal moves, preferring captures, drops and promotions, with
// take-backs now and then so the stack's lazy walk-back is exercised.
struct PlayoutCounts {
    int moves = 0, captures = 0, drops = 0, promotions = 0, king_refreshes = 0;
};

template <class B>
void random_playout(uint64_t seed, Position pos, int plies, bool evaluate_every_ply,
                    PlayoutCounts& counts) {
    std::mt19937_64 rng(seed);
    AccumulatorStack<B> stack(&test_net());
    stack.reset(pos);
    int made = 0;
    for (int ply = 0; ply < plies; ++ply) {
        std::vector<Move> moves = game_moves(pos);
        if (moves.empty() || (made > 0 && rng() % 8 == 0)) {
            if (made == 0) break;
            stack.undo_move(pos);
            --made;
        } else {
            std::vector<Move> lively;
            for (Move m : moves)
                if (pos.is_capture(m) || m.is_drop() || m.is_promotion()) lively.push_back(m);
            const auto& from = !lively.empty() && rng() % 3 ? lively : moves;
            const Move m = from[rng() % from.size()];
            counts.captures += pos.is_capture(m);
            counts.drops += m.is_drop();
            counts.promotions += m.is_promotion();
            stack.do_move(pos, m);
            counts.king_refreshes += stack.top().refresh[WHITE] || stack.top().refresh[BLACK];
            ++counts.moves;
            ++made;
        }
        if (evaluate_every_ply || ply % 7 == 0) expect_matches_reference(stack, pos, ply);
        if (::testing::Test::HasFatalFailure()) return;
    }
}

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
