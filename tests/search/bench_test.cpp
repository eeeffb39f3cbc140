// The bench signature: identical node counts on every run with one thread.
#include "engine/search/bench.h"

#include <gtest/gtest.h>

#include "engine/search/nnue_evaluator.h"
#include "nnue/random_network.h"
#include "search_test_support.h"

namespace pantheon::search {
namespace {

TEST(Bench, PositionsAreValid) {
    for (std::string_view fen : bench_positions())
        EXPECT_TRUE(Position::from_fen(fen).has_value()) << fen;
    EXPECT_GE(bench_positions().size(), 20u);
}

TEST(Bench, NodeCountIsDeterministic) {
    BenchOptions options;
    options.depth = 6;
    const BenchResult a = run_bench(options);
    const BenchResult b = run_bench(options);
    EXPECT_EQ(a.positions, int(bench_positions().size()));
    EXPECT_GT(a.nodes, 0u);
    EXPECT_EQ(a.nodes, b.nodes);
}

// `pantheon bench` searches with a net: its signature is exact too, and it is
// the net's, not the hand-crafted evaluation's.
TEST(Bench, NetSignatureIsDeterministicAndTheNets) {
    BenchOptions options;
    options.depth = 5;
    const BenchResult hand_crafted = run_bench(options);
    options.evaluator = nnue_evaluator_factory(
        std::make_shared<const nnue::Network>(nnue::random_network(7)));
    const BenchResult a = run_bench(options);
    const BenchResult b = run_bench(options);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_NE(a.nodes, hand_crafted.nodes);
}

// A position whose tree explodes stops at the node cap, and says so (a
// position with a mate found early ends before it).
TEST(Bench, NodeCapStopsPositionsAndIsCounted) {
    BenchOptions options;
    options.depth = 30;
    options.node_cap = 2000;
    const BenchResult r = run_bench(options);
    EXPECT_GE(r.capped, r.positions - 2);
    EXPECT_GT(r.capped, 0);
    EXPECT_LE(r.nodes, uint64_t(r.positions) * 2 * options.node_cap);
}

}  // namespace
}  // namespace pantheon::search
