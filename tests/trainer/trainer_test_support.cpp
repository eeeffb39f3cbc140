#include "trainer_test_support.h"

#include <gtest/gtest.h>

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

}  // namespace pantheon::trainer::test
