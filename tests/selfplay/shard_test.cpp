#include "selfplay/shard.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "selfplay/chunk_store.h"

namespace pantheon::selfplay {
namespace {

TEST(SelfplayShard, ParsesKOverN) {
    const auto s = parse_shard("3/8", nullptr);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->index, 3);
    EXPECT_EQ(s->count, 8);
    std::string error;
    for (const char* bad : {"", "3", "8/8", "-1/4", "1/0", "a/b", "1/2/3", "1 /2"}) {
        error.clear();
        EXPECT_FALSE(parse_shard(bad, &error)) << bad;
        EXPECT_NE(error.find("K/N"), std::string::npos) << bad;
    }
}

TEST(SelfplayShard, ACommandsShardIsGivenElseTheArrayTasksElseTheWhole) {
    for (const char* v : {"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN"})
        ::unsetenv(v);
    std::string error;
    EXPECT_EQ(util::command_shard("", &error), (Shard{0, 1}));
    ::setenv("SLURM_ARRAY_TASK_ID", "2", 1);
    ::setenv("SLURM_ARRAY_TASK_COUNT", "3", 1);
    ::setenv("SLURM_ARRAY_TASK_MIN", "0", 1);
    EXPECT_EQ(util::command_shard("", &error), (Shard{2, 3}));
    EXPECT_EQ(util::command_shard("1/4", &error), (Shard{1, 4}));  // given: it wins
    EXPECT_FALSE(util::command_shard("4/4", &error));
    EXPECT_NE(error.find("K/N"), std::string::npos) << error;
    for (const char* v : {"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN"})
        ::unsetenv(v);
    // Items are dealt round-robin.
    EXPECT_TRUE((Shard{1, 3}.owns(4)));
    EXPECT_FALSE((Shard{1, 3}.owns(5)));
}

TEST(SelfplayShard, FromSlurmArrayVariables) {
    std::string error;
    EXPECT_FALSE(shard_from_slurm(nullptr, nullptr, nullptr, &error));
    EXPECT_TRUE(error.empty());
    auto s = shard_from_slurm("5", "8", "0", &error);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->index, 5);
    EXPECT_EQ(s->count, 8);
    s = shard_from_slurm("3", "4", "1", &error);  // --array=1-4
    ASSERT_TRUE(s);
    EXPECT_EQ(s->index, 2);
    EXPECT_EQ(s->count, 4);
    EXPECT_FALSE(shard_from_slurm("8", "4", "0", &error));  // stepped array
    EXPECT_NE(error.find("--shard"), std::string::npos);
}

TEST(SelfplayShard, ChunksArePartitionedAmongShards) {
    const ChunkLayout layout{1000, 64};
    EXPECT_EQ(layout.chunk_count(), 16u);
    EXPECT_EQ(layout.games_in(15), 1000u - 15 * 64);
    EXPECT_EQ(layout.games_in(16), 0u);
    for (int count : {1, 2, 3, 7}) {
        std::multiset<uint64_t> owned;
        for (int k = 0; k < count; ++k)
            for (uint64_t c = 0; c < layout.chunk_count(); ++c)
                if (shard_owns_chunk(c, k, count)) owned.insert(c);
        EXPECT_EQ(owned.size(), layout.chunk_count());
        for (uint64_t c = 0; c < layout.chunk_count(); ++c) EXPECT_EQ(owned.count(c), 1u);
    }
}

TEST(SelfplayShard, ChunkFileNamesSortInChunkOrder) {
    EXPECT_EQ(chunk_file_name(7), "chunk-00000007.pgd");
    EXPECT_LT(chunk_file_name(99), chunk_file_name(100));
}

}  // namespace
}  // namespace pantheon::selfplay
