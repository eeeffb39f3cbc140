// The Pandemonium trainer (pantheon_trainer_pandemonium) on Pandemonium data
// with drawn games: a tiny run ends with a net the engine's Pandemonium
// evaluator loads and agrees with, the same seed gives the same bytes, a
// draw's target is 0.5, and Mansindam data is refused.
#include "trainer/training_run.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "data/game_file.h"
#include "data/game_replay.h"
#include "data/synthetic_games.h"
#include "nnue/accumulator.h"
#include "nnue/evaluate.h"
#include "nnue/net_file.h"
#include "tests/data/test_files.h"
#include "tests/test_dir.h"
#include "trainer/batch.h"
#include "trainer_test_support.h"

#ifndef PANTHEON_DATA_FIXTURES
#error "PANTHEON_DATA_FIXTURES names tests/data/fixtures"
#endif

namespace pantheon::trainer {
namespace {

static_assert(Variant::name == "pandemonium");

using data::test::read_bytes;
using pantheon::test::TestDir;

// Synthetic Pandemonium games, every third one made an adjudicated draw (a
// game the rules ended loses its last move first, so that it is not over),
// so the data holds wins, losses and draws.
std::vector<data::GameRecord> games_with_draws(int count, uint64_t seed) {
    std::vector<data::GameRecord> games = data::synthetic_games(size_t(count), seed);
    for (size_t i = 0; i < games.size(); i += 3) {
        data::GameRecord& g = games[i];
        if (g.termination != Termination::None) g.plies.pop_back();
        g.termination = Termination::None;
        g.adjudicated = true;
        g.winner = std::nullopt;
    }
    return games;
}

int draws(const std::vector<data::GameRecord>& games) {
    int n = 0;
    for (const auto& g : games) n += !g.winner;
    return n;
}

void write_games(const std::string& path, const std::vector<data::GameRecord>& games) {
    data::WriterOptions options;
    options.zstd_level = 1;
    data::GameFileWriter writer(options);
    std::string error;
    ASSERT_TRUE(writer.open(path, &error)) << error;
    for (const data::GameRecord& g : games) ASSERT_TRUE(writer.add(g, &error)) << error;
    ASSERT_TRUE(writer.finish(&error)) << error;
}

TrainConfig tiny_config(const TestDir& dir, const std::string& data, const std::string& out) {
    TrainConfig c = test::small_config(data, dir.file(out));
    c.lambda = 0.5f;  // the game results (draws among them) enter the target
    c.lambda_end = 0.5f;
    return c;
}

RunEnd run(const TrainConfig& c, RunSummary& summary, std::string* error) {
    return run_training(c, nullptr, nullptr, false, summary, error);
}

TEST(PandemoniumTraining, ADrawsTargetIsOneHalf) {
    const auto games = games_with_draws(6, 3);
    ASSERT_GT(draws(games), 0);
    std::vector<data::TrainingPosition> positions;
    std::vector<float> expected;
    for (const data::GameRecord& g : games) {
        std::string error;
        ASSERT_TRUE(data::replay_game(
            g,
            [&](const Position& pos, const data::PlyRecord& ply, int) {
                positions.push_back(data::make_training_position(pos, ply, g.winner));
                expected.push_back(!g.winner                         ? 0.5f
                                   : *g.winner == pos.side_to_move() ? 1.0f
                                                                     : 0.0f);
            },
            &error))
            << error;
    }
    Batch batch;
    fill_batch(positions, batch);
    ASSERT_EQ(batch.result.size(), expected.size());
    int halves = 0;
    for (size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(batch.result[i], expected[i]) << "position " << i;
        halves += batch.result[i] == 0.5f;
    }
    EXPECT_GT(halves, 0);
}

TEST(PandemoniumTraining, ATinyRunWritesANetTheEngineLoadsAndAgreesWith) {
    TestDir dir;
    const std::string data = dir.file("games.pgd");
    const auto games = games_with_draws(40, 11);
    ASSERT_GT(draws(games), 5);
    write_games(data, games);

    const TrainConfig c = tiny_config(dir, data, "net.nnue");
    RunSummary summary;
    std::string error;
    ASSERT_EQ(run(c, summary, &error), RunEnd::Finished) << error;
    EXPECT_EQ(summary.state.step, 6u);
    EXPECT_GT(summary.val_loss, 0.0);
    EXPECT_NE(summary.export_report.find("export check"), std::string::npos)
        << summary.export_report;

    // The engine's Pandemonium loader takes it; its incremental evaluator
    // agrees with the reference evaluation position by position.
    nnue::Network net;
    ASSERT_TRUE(nnue::load_network_file(c.out, net, &error)) << error;
    nnue::AccumulatorStack<nnue::simd::Native> stack(&net);
    int positions = 0, nonzero = 0;
    for (size_t gi = 0; gi < 5; ++gi) {
        ASSERT_TRUE(data::replay_game(
            games[gi],
            [&](const Position& pos, const data::PlyRecord& ply, int) {
                const int eval = stack.evaluate(pos);
                const data::TrainingPosition t =
                    data::make_training_position(pos, ply, games[gi].winner);
                EXPECT_EQ(eval, nnue::evaluate_reference(net, TrainingBoard(t)));
                ++positions;
                nonzero += eval != 0;
            },
            &error))
            << error;
    }
    EXPECT_GT(positions, 50);
    EXPECT_GT(nonzero, positions / 2);
    EXPECT_TRUE(std::filesystem::exists(beside_net(c.out, ".train.csv")));
}

TEST(PandemoniumTraining, TheSameSeedGivesTheSameBytes) {
    test::pin_net_date();
    TestDir dir;
    const std::string data = dir.file("games.pgd");
    write_games(data, games_with_draws(30, 5));
    RunSummary summary;
    std::string error;
    const TrainConfig a = tiny_config(dir, data, "a.nnue");
    const TrainConfig b = tiny_config(dir, data, "b.nnue");
    TrainConfig other = tiny_config(dir, data, "c.nnue");
    other.seed = 2;
    ASSERT_EQ(run(a, summary, &error), RunEnd::Finished) << error;
    ASSERT_EQ(run(b, summary, &error), RunEnd::Finished) << error;
    ASSERT_EQ(run(other, summary, &error), RunEnd::Finished) << error;
    const auto bytes = read_bytes(a.out);
    ASSERT_FALSE(bytes.empty());
    EXPECT_EQ(bytes, read_bytes(b.out));
    EXPECT_NE(bytes, read_bytes(other.out));
}

TEST(PandemoniumTraining, MansindamDataIsRefusedClearly) {
    TestDir dir;
    const std::string mansindam = std::string(PANTHEON_DATA_FIXTURES) + "/mansindam_v1.pgd";
    ASSERT_TRUE(std::filesystem::exists(mansindam));
    const TrainConfig c = tiny_config(dir, mansindam, "net.nnue");
    RunSummary summary;
    std::string error;
    EXPECT_EQ(run(c, summary, &error), RunEnd::Failed);
    EXPECT_NE(error.find("mansindam"), std::string::npos) << error;
    EXPECT_NE(error.find("pandemonium"), std::string::npos) << error;
    EXPECT_FALSE(std::filesystem::exists(c.out));
    EXPECT_FALSE(std::filesystem::exists(checkpoint_path(c)));
}

}  // namespace
}  // namespace pantheon::trainer
