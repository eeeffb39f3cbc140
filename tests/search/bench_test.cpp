// The bench signature: identical node counts on every run with one thread.
#include "engine/search/bench.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace pantheon::search
