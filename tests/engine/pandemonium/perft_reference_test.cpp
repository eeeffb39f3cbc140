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

std::vector<int> suite_lines() {
    if (!shared_dir_available()) return {-1};
    std::vector<int> lines(load_perft_suite(perft_file()).size());
    for (size_t i = 0; i < lines.size(); ++i) lines[i] = int(i);
    return lines;
}

std::string line_name(const ::testing::TestParamInfo<int>& info) {
    return info.param < 0 ? std::string("missing_data") : "line_" + std::to_string(info.param + 1);
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

INSTANTIATE_TEST_SUITE_P(Reference, PandemoniumPerft, ::testing::ValuesIn(suite_lines()),
                         line_name);
INSTANTIATE_TEST_SUITE_P(Reference, PandemoniumPerftDeep, ::testing::ValuesIn(suite_lines()),
                         line_name);

void check_divide(bool deep) {
    struct Split {
        int depth = 0;
        uint64_t total = 0;
        std::map<std::string, uint64_t> counts;
    };
    std::map<std::string, Split> splits;
    for (const DivideEntry& e :
         load_divide_file(shared_dir() / "reference" / "pandemonium-divide.tsv")) {
        splits[e.fen].depth = e.depth;
        splits[e.fen].total += e.nodes;
        splits[e.fen].counts[e.move] = e.nodes;
    }
    ASSERT_GT(splits.size(), 40u);
    int checked = 0;
    for (const auto& [fen, split] : splits) {
        if ((split.total > SHALLOW_NODES) != deep) continue;
        Position pos = position(fen);
        std::map<std::string, uint64_t> ours;
        for (const auto& [move, count] : perft_divide(pos, split.depth))
            ours[move_to_string(move)] = count;
        EXPECT_EQ(ours, split.counts) << fen << " depth " << split.depth;
        ++checked;
    }
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
