// The Pandemonium reference perft figures (../shared/reference, from an
// independent generator): pandemonium-perft.tsv and the per-move splits of
// pandemonium-divide.tsv. Counts up to SHALLOW_NODES run in the normal suite;
// the deeper ones are the "long" tests (PandemoniumPerftDeep).
#include <gtest/gtest.h>

#include <map>

#include "engine/core/notation.h"
#include "engine/core/perft.h"
#include "test_support.h"

namespace pantheon::test {
namespace {

constexpr uint64_t SHALLOW_NODES = 250'000;

std::filesystem::path perft_file() {
    return shared_dir() / "reference" / "pandemonium-perft.tsv";
}

// Checks the listed counts of one suite line that are (deep=false) at most
// SHALLOW_NODES or (deep=true) above it.
void check_line(int index, bool deep) {
    static const std::vector<PerftEntry> suite = load_perft_suite(perft_file());
    const PerftEntry& entry = suite.at(size_t(index));
    Position pos = position(entry.fen);
    const std::string fen_before = pos.fen();
    EXPECT_EQ(fen_before, entry.fen);  // the reference FENs are written as we write them
    int checked = 0;
    for (size_t depth = 1; depth <= entry.counts.size(); ++depth) {
        if ((entry.counts[depth - 1] > SHALLOW_NODES) != deep) continue;
        EXPECT_EQ(perft(pos, int(depth)), entry.counts[depth - 1])
            << entry.fen << " depth " << depth;
        ++checked;
    }
    if (!checked) std::cout << "[   NOTE   ] no count of this size on this line\n";
    EXPECT_EQ(pos.fen(), fen_before);
}

class PandemoniumPerft : public ::testing::TestWithParam<int> {};
class PandemoniumPerftDeep : public ::testing::TestWithParam<int> {};

TEST_P(PandemoniumPerft, ShallowCountsMatch) {
    PANTHEON_REQUIRE_SHARED_DIR();
    check_line(GetParam(), false);
}

TEST_P(PandemoniumPerftDeep, DeepCountsMatch) {
    PANTHEON_REQUIRE_SHARED_DIR();
    check_line(GetParam(), true);
}

INSTANTIATE_TEST_SUITE_P(Reference, PandemoniumPerft,
                         ::testing::ValuesIn(perft_suite_lines(perft_file())),
                         perft_suite_line_name);
INSTANTIATE_TEST_SUITE_P(Reference, PandemoniumPerftDeep,
                         ::testing::ValuesIn(perft_suite_lines(perft_file())),
                         perft_suite_line_name);

void check_divide(bool deep) {
    const int checked = check_divide_splits(
        shared_dir() / "reference" / "pandemonium-divide.tsv",
        [deep](int, uint64_t total) { return (total > SHALLOW_NODES) == deep; });
    EXPECT_GT(checked, 0);
}

TEST(PandemoniumDivide, ShallowSplitsMatch) {
    PANTHEON_REQUIRE_SHARED_DIR();
    check_divide(false);
}

TEST(PandemoniumDivideDeep, DeepSplitsMatch) {
    PANTHEON_REQUIRE_SHARED_DIR();
    check_divide(true);
}

TEST(PandemoniumPerftStart, ShallowCounts) {
    // Independent of the shared data: the first figures of the standard start.
    Position pos = Position::start();
    EXPECT_EQ(perft(pos, 1), 38u);
    EXPECT_EQ(perft(pos, 2), 1444u);
}

}  // namespace
}  // namespace pantheon::test
