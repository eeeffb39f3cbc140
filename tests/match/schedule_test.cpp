#include "match/schedule.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "match/openings.h"
#include "match/variant_rules.h"
#include "tests/shared_data.h"

using namespace pantheon::match;

TEST(ScheduleTest, Pairings) {
    EXPECT_EQ(make_pairings(Format::HeadToHead, 2, nullptr)->size(), 1u);
    EXPECT_FALSE(make_pairings(Format::HeadToHead, 3, nullptr));
    EXPECT_FALSE(make_pairings(Format::RoundRobin, 1, nullptr));
    const auto g = *make_pairings(Format::Gauntlet, 4, nullptr);
    ASSERT_EQ(g.size(), 3u);
    for (const auto& p : g) EXPECT_EQ(p.first, 0);
    const auto rr = *make_pairings(Format::RoundRobin, 5, nullptr);
    EXPECT_EQ(rr.size(), 10u);
    std::set<std::pair<int, int>> unique;
    for (const auto& p : rr) unique.insert({p.first, p.second});
    EXPECT_EQ(unique.size(), 10u);
}

TEST(ScheduleTest, GamePairsSwapColors) {
    const Schedule s(*make_pairings(Format::RoundRobin, 3, nullptr), 4);
    for (int64_t pair = 0; pair < s.total_pairs(); ++pair) {
        EXPECT_EQ(s.white_of(pair, 0), s.black_of(pair, 1));
        EXPECT_EQ(s.black_of(pair, 0), s.white_of(pair, 1));
        EXPECT_EQ(s.white_of(pair, 0), s.pairing_of(pair).first);
    }
    // Every pairing of a round shares the round's opening index.
    EXPECT_EQ(s.round_of(0), s.round_of(2));
    EXPECT_EQ(s.round_of(3), 1);
    EXPECT_EQ(s.round_tag(4, 1), "2.4");
}

TEST(ScheduleTest, ShardsAreDisjointAndCoverEverything) {
    const Schedule s(*make_pairings(Format::Gauntlet, 4, nullptr), 7);  // 21 pairs
    for (int n : {1, 2, 3, 5, 21, 30}) {
        std::multiset<int64_t> seen;
        for (int k = 0; k < n; ++k)
            for (int64_t p : s.pairs_of(Shard{k, n})) seen.insert(p);
        EXPECT_EQ(seen.size(), size_t(s.total_pairs())) << n;
        for (int64_t p = 0; p < s.total_pairs(); ++p) EXPECT_EQ(seen.count(p), 1u);
    }
}

TEST(ScheduleTest, ShardText) {
    EXPECT_EQ(parse_shard("1/4", nullptr)->index, 1);
    EXPECT_EQ(parse_shard("0/4", nullptr)->index, 0);
    EXPECT_EQ(parse_shard("3/4", nullptr)->text(), "3/4");
    for (const char* bad : {"4/4", "5/4", "1", "a/b", "1/0", "-1/2"})
        EXPECT_FALSE(parse_shard(bad, nullptr)) << bad;
}

TEST(ScheduleTest, ShardFromSlurmEnvironment) {
    setenv("SLURM_ARRAY_TASK_ID", "12", 1);
    setenv("SLURM_ARRAY_TASK_MIN", "10", 1);
    setenv("SLURM_ARRAY_TASK_COUNT", "4", 1);
    std::string error;
    const auto s = shard_from_environment(&error);
    ASSERT_TRUE(s) << error;
    EXPECT_EQ(s->index, 2);
    EXPECT_EQ(s->count, 4);
    setenv("SLURM_ARRAY_TASK_ID", "15", 1);
    EXPECT_FALSE(shard_from_environment(&error));
    unsetenv("SLURM_ARRAY_TASK_ID");
    unsetenv("SLURM_ARRAY_TASK_MIN");
    unsetenv("SLURM_ARRAY_TASK_COUNT");
    EXPECT_FALSE(shard_from_environment(&error));
}

TEST(OpeningsTest, ShuffleIsAPermutationFixedBySeed) {
    const auto a = shuffled_indices(100, 7);
    const auto b = shuffled_indices(100, 7);
    const auto c = shuffled_indices(100, 8);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
    EXPECT_EQ(std::set<size_t>(a.begin(), a.end()).size(), 100u);
}

TEST(OpeningsTest, SharedBookLoadsAndRepeats) {
    PANTHEON_REQUIRE_SHARED_DIR();
    OpeningBook book;
    std::string error;
    OpeningSettings settings;
    settings.file = pantheon::test::shared_book_path();
    ASSERT_TRUE(book.load(settings, *variant_rules("mansindam"), &error)) << error;
    EXPECT_EQ(book.size(), 600u);
    const std::string first = book.for_round(0, 0);
    EXPECT_EQ(book.for_round(600, 0), first);
    EXPECT_EQ(book.for_round(5, 10), book.for_round(15, 0));
    book.arrange(true, 3);
    EXPECT_NE(book.for_round(0, 0), first);  // a different order (with overwhelming probability)
    settings.file = "/nonexistent/book.epd";
    EXPECT_FALSE(book.load(settings, *variant_rules("mansindam"), &error));
}
