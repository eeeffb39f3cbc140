// The result of a data step (util/step_result.h): its rate is of the count
// the step rates, and the document reads back as written.
#include "util/step_result.h"

#include <gtest/gtest.h>

#include "tests/test_dir.h"

namespace pantheon::util {
namespace {

TEST(DataStepResult, TheRateIsOfWhatTheStepRates) {
    const DataSize data{2, 10, 1000, 4096};
    const DataStepResult played = data_step_result(
        "selfplay", 1, 4, data,
        {.games = 4, .positions = 400, .searched = 300, .rated = 400, .seconds = 2.0});
    EXPECT_EQ(played.step, "selfplay");
    EXPECT_EQ(played.shard_index, 1);
    EXPECT_EQ(played.shard_count, 4);
    EXPECT_EQ(played.data.bytes, 4096u);
    EXPECT_EQ(played.run_games, 4u);
    EXPECT_EQ(played.run_positions, 400u);
    EXPECT_EQ(played.run_searched, 300u);
    EXPECT_DOUBLE_EQ(played.positions_per_second, 200.0);

    const DataStepResult rescored = data_step_result(
        "rescore", 0, 1, data,
        {.games = 4, .positions = 400, .searched = 300, .rated = 300, .seconds = 2.0});
    EXPECT_DOUBLE_EQ(rescored.positions_per_second, 150.0);

    // A run that found all its work done took no time: a rate of zero, not a division by it.
    const DataStepResult idle = data_step_result("selfplay", 0, 1, data, {});
    EXPECT_DOUBLE_EQ(idle.positions_per_second, 0.0);
}

TEST(DataStepResult, ReadsBackAsWritten) {
    const test::TestDir dir;
    const std::string path = (dir.path() / "result.json").string();
    const DataStepResult written = data_step_result(
        "rescore", 2, 3, {1, 5, 500, 2048},
        {.games = 5, .positions = 500, .searched = 450, .rated = 450, .seconds = 3.0});
    std::string error;
    ASSERT_TRUE(write_data_step_result(path, written, &error)) << error;
    DataStepResult read;
    ASSERT_TRUE(read_data_step_result(path, read, &error)) << error;
    EXPECT_EQ(read.step, "rescore");
    EXPECT_EQ(read.shard_index, 2);
    EXPECT_EQ(read.shard_count, 3);
    EXPECT_EQ(read.data.positions, 500u);
    EXPECT_EQ(read.run_searched, 450u);
    EXPECT_DOUBLE_EQ(read.seconds, 3.0);
    EXPECT_DOUBLE_EQ(read.positions_per_second, 150.0);
    EXPECT_FALSE(read.build.empty());
}

}  // namespace
}  // namespace pantheon::util
