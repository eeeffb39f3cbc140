#include "trainer_test_support.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "data/game_file.h"
#include "data/game_replay.h"
#include "data/synthetic_games.h"

namespace pantheon::trainer::test {

std::vector<data::TrainingPosition> synthetic_positions(int games, uint64_t seed) {
    std::vector<data::TrainingPosition> out;
    for (const data::GameRecord& g : data::synthetic_games(size_t(games), seed)) {
        std::string error;
        const bool ok = data::replay_game(
            g,
            [&](const Position& pos, const data::PlyRecord& ply, int) {
                out.push_back(data::make_training_position(pos, ply, g.winner));
            },
            &error);
        EXPECT_TRUE(ok) << error;
    }
    return out;
}

Batch make_batch(const std::vector<data::TrainingPosition>& positions, size_t first, size_t n) {
    Batch b;
    fill_batch({positions.data() + first, n}, b);
    return b;
}

TrainConfig small_config(const std::string& data, const std::string& out) {
    TrainConfig c;
    c.data = {data};
    c.out = out;
    c.batch_size = 256;
    c.max_steps = 6;
    c.shuffle_buffer = 2000;
    c.validation_fraction = 0.05;
    c.validation_positions = 200;
    c.log_every = 2;
    c.validate_every = 2;
    c.checkpoint_every = 4;
    c.export_check_positions = 100;
    c.lr = 3e-3f;
    c.warmup_steps = 2;
    c.threads = 2;
    return c;
}

void write_data_file(const std::string& path, int games, uint64_t seed) {
    data::WriterOptions options;
    options.zstd_level = 1;
    data::GameFileWriter writer(options);
    std::string error;
    ASSERT_TRUE(writer.open(path, &error)) << error;
    for (const data::GameRecord& g : data::synthetic_games(size_t(games), seed))
        ASSERT_TRUE(writer.add(g, &error)) << error;
    ASSERT_TRUE(writer.finish(&error)) << error;
}

void pin_net_date() {
    setenv("SOURCE_DATE_EPOCH", "1767225600", 1);  // 2026-01-01T00:00:00Z
}

}  // namespace pantheon::trainer::test
