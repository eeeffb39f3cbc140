// The reference perft figures (../shared/reference, from an independent
// generator): every position of mansindam-perft.tsv to its listed depth, and
// every per-move split of mansindam-divide.tsv.
//
// PANTHEON_PERFT_MAX_DEPTH=N (environment) checks only depths <= N; the
// sanitizer run uses it to leave out the deepest, slowest counts.
#include <gtest/gtest.h>

#include <map>

#include "engine/core/notation.h"
#include "engine/core/perft.h"
#include "test_support.h"

namespace pantheon::test {
namespace {

constexpr const char* MAX_DEPTH_VARIABLE = "PANTHEON_PERFT_MAX_DEPTH";

std::filesystem::path perft_file() {
    return shared_dir() / "reference" / "mansindam-perft.tsv";
}

bool depth_checked(int depth) {
    const int max_depth = env_int(MAX_DEPTH_VARIABLE, 0);
    return max_depth == 0 || depth <= max_depth;
}

class ReferencePerft : public ::testing::TestWithParam<int> {};

TEST_P(ReferencePerft, MatchesListedCounts) {
    PANTHEON_REQUIRE_SHARED_DIR();
    static const std::vector<PerftEntry> suite = load_perft_suite(perft_file());
    const PerftEntry& entry = suite.at(size_t(GetParam()));
    Position pos = position(entry.fen);
    const std::string fen_before = pos.fen();
    for (size_t depth = 1; depth <= entry.counts.size(); ++depth) {
        if (!depth_checked(int(depth))) {
            std::cout << "[   NOTE   ] depth " << depth << " skipped (" << MAX_DEPTH_VARIABLE
                      << ")\n";
            break;
        }
        EXPECT_EQ(perft(pos, int(depth)), entry.counts[depth - 1])
            << entry.fen << " depth " << depth;
    }
    EXPECT_EQ(pos.fen(), fen_before);
}

INSTANTIATE_TEST_SUITE_P(Mansindam, ReferencePerft,
                         ::testing::ValuesIn(perft_suite_lines(perft_file())),
                         perft_suite_line_name);

TEST(ReferenceDivide, EveryMoveCountMatches) {
    PANTHEON_REQUIRE_SHARED_DIR();
    const int checked =
        check_divide_splits(shared_dir() / "reference" / "mansindam-divide.tsv",
                            [](int depth, uint64_t) { return depth_checked(depth); });
    EXPECT_GT(checked, 0);
}

TEST(DivideReport, ListsMovesAndTotal) {
    Position pos = Position::start();
    const std::string report = divide_report(pos, 2);
    EXPECT_NE(report.find("b1d2: 31\n"), std::string::npos) << report;
    EXPECT_NE(report.find("\nNodes searched: 961\n"), std::string::npos) << report;
    int lines = 0;
    for (char c : report) lines += c == '\n';
    EXPECT_EQ(lines, 31 + 2);  // one per move, a blank line, the total
}

TEST(Perft, StartPositionShallowCounts) {
    // Independent of the shared data: the first figures of the start position.
    Position pos = Position::start();
    EXPECT_EQ(perft(pos, 0), 1u);
    EXPECT_EQ(perft(pos, 1), 31u);
    EXPECT_EQ(perft(pos, 2), 961u);
    EXPECT_EQ(perft(pos, 3), 32238u);
}

}  // namespace
}  // namespace pantheon::test
