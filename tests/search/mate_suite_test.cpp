// The mate suite (data/mate_suite.tsv): at least 90% of the forced wins are
// found within a node budget of about one second of search. Node limits keep
// the test deterministic and independent of machine speed; the timed figure
// is a benchmark (`pantheon bench mates`, docs/BENCHMARKS.md).
#include <gtest/gtest.h>

#include "engine/search/bench.h"

namespace pantheon::search {
namespace {

constexpr uint64_t NODE_BUDGET = 800000;

TEST(MateSuite, SolvesNinetyPercentWithinTheNodeBudget) {
    std::string error;
    const auto problems = load_mate_suite(PANTHEON_SEARCH_TEST_DATA "/mate_suite.tsv", &error);
    ASSERT_TRUE(problems) << error;
    ASSERT_GE(problems->size(), 50u);
    Limits limits;
    limits.nodes = NODE_BUDGET;
    const MateSuiteResult r = run_mate_suite(*problems, limits, EngineOptions{});
    EXPECT_GE(r.solved * 10, r.problems * 9) << r.solved << " of " << r.problems;
}

}  // namespace
}  // namespace pantheon::search
