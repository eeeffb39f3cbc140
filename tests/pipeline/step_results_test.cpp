// What the pipeline reads of its steps: the trainer's log CSV (written here
// by the trainer's own csv_text) and the result files of data steps
// (util/step_result.h). Real result files of `pantheon selfplay` and `data
// rescore` are read in pipeline_run_test.cpp.
#include "pipeline/step_results.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/test_dir.h"
#include "trainer/train_log.h"

namespace pantheon::pipeline {
namespace {

namespace fs = std::filesystem;

using pantheon::test::TestDir;

trainer::LogRow row(uint64_t step, double train_loss, double val_loss) {
    trainer::LogRow r;
    r.step = step;
    r.positions = step * 64;
    r.train_loss = train_loss;
    r.val_loss = val_loss;
    r.lr = 0.001;
    r.seconds = double(step);
    return r;
}

TEST(PipelineResults, LossCurveFromTheTrainersCsv) {
    // A row without validation (an empty field), and step 100 logged again,
    // as a training resumed from an earlier checkpoint would.
    const std::string csv = trainer::csv_text(
        {row(100, 0.5, 0.6), row(200, 0.25, -1), row(100, 0.375, 0.4), row(300, 0.125, 0.2)});
    const auto curve = loss_curve(csv);
    ASSERT_EQ(curve.size(), 3u) << csv;
    EXPECT_EQ(curve[0], std::make_pair(100.0, 0.375));  // the last row of a step wins
    EXPECT_EQ(curve[1], std::make_pair(200.0, 0.25));
    EXPECT_EQ(curve[2], std::make_pair(300.0, 0.125));
    EXPECT_TRUE(loss_curve(trainer::csv_text({})).empty());
    // The notes (the build first, the export check last) are not rows.
    const std::string noted = trainer::csv_text({row(100, 0.5, 0.6)}, "export check on 3 positions");
    EXPECT_EQ(noted.front(), '#');
    EXPECT_EQ(loss_curve(noted), (std::vector<std::pair<double, double>>{{100.0, 0.5}}));
}

TEST(PipelineResults, DamagedTrainingLogIsAClearError) {
    const TestDir t;
    const std::string path = (t.path() / "gen-0.train.csv").string();
    EXPECT_TRUE(read_loss_curve(path).empty());  // no log (yet): no points
    std::string csv = trainer::csv_text({row(100, 0.5, 0.6), row(200, 0.25, 0.3)});
    write_file_atomically(path, csv.substr(0, csv.size() - 12));  // the last row cut short
    try {
        read_loss_curve(path);
        FAIL() << "a cut row was accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
    write_file_atomically(path, "step,loss\n1,2\n");
    EXPECT_THROW(read_loss_curve(path), std::runtime_error);  // no train_loss column
    write_file_atomically(path, "step,train_loss\n1,x\n");
    EXPECT_THROW(read_loss_curve(path), std::runtime_error);
}

util::DataStepResult shard_result(int k, uint64_t games, double seconds, double rate) {
    util::DataStepResult r;
    r.step = "selfplay";
    r.shard_index = k;
    r.shard_count = 2;
    r.data = {1, games, games * 100, games * 1000};
    r.run_games = games;
    r.run_positions = games * 100;
    r.run_searched = games * 90;
    r.seconds = seconds;
    r.positions_per_second = rate;
    return r;
}

TEST(PipelineResults, ShardResultsAddUp) {
    const TestDir t;
    const std::string a = (t.path() / "a.json").string(), b = (t.path() / "b.json").string();
    std::string error;
    ASSERT_TRUE(util::write_data_step_result(a, shard_result(0, 3, 1.0, 300), &error)) << error;
    ASSERT_TRUE(util::write_data_step_result(b, shard_result(1, 5, 3.0, 100), &error)) << error;
    const DataStepTotals sum = read_data_step_results({a, b}, "selfplay");
    EXPECT_EQ(sum.data.files, 2u);
    EXPECT_EQ(sum.data.games, 8u);
    EXPECT_EQ(sum.data.positions, 800u);
    EXPECT_EQ(sum.data.bytes, 8000u);
    EXPECT_DOUBLE_EQ(sum.run_seconds, 4.0);
    EXPECT_DOUBLE_EQ(sum.positions_per_second, 150.0);  // 600 positions in 4 s

    // A missing shard, a result of another step and a damaged file are refused, naming the file.
    const std::string missing = (t.path() / "c.json").string();
    for (const auto& [paths, step, named] :
         {std::tuple{std::vector<std::string>{a, missing}, "selfplay", missing},
          std::tuple{std::vector<std::string>{a}, "rescore", a}}) {
        try {
            read_data_step_results(paths, step);
            FAIL() << named;
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find(named), std::string::npos) << e.what();
        }
    }
    std::string text = util::data_step_result_text(shard_result(0, 3, 1.0, 300));
    write_file_atomically(b, text.replace(text.find("\"bytes\""), 7, "\"size\""));
    EXPECT_THROW(read_data_step_results({b}, "selfplay"), std::runtime_error);
    write_file_atomically(b, "{\"step\": ");
    EXPECT_THROW(read_data_step_results({b}, "selfplay"), std::runtime_error);
}

}  // namespace
}  // namespace pantheon::pipeline
