// Games written and read back are equal field by field, whatever their shape.
#include <gtest/gtest.h>

#include "data/game_file.h"
#include "data/game_replay.h"
#include "engine/core/random.h"
#include "data/synthetic_games.h"
#include "test_files.h"
#include "tests/test_dir.h"

namespace pantheon::data {
namespace {

// Synthetic games plus the shapes they rarely produce: excluded plies, no
// best move, extreme scores, open chains, an empty game.
std::vector<GameRecord> varied_games(size_t count, uint64_t seed) {
    SyntheticOptions custom;
    custom.custom_start = true;
    auto games = synthetic_games(count, seed);
    auto more = synthetic_games(count / 2, seed + 1, custom);
    games.insert(games.end(), more.begin(), more.end());
    SplitMix64 rng(seed);
    for (GameRecord& g : games)
        for (PlyRecord& p : g.plies) {
            if (rng.chance(0.05)) p.excluded = true;
            if (rng.chance(0.02)) p.best = Move::none();
            if (rng.chance(0.01)) p.score = int16_t(rng.chance(0.5) ? SCORE_LIMIT : -SCORE_LIMIT);
        }
    GameRecord open = games[0];
    open.plies.resize(open.plies.size() / 2);
    open.termination = Termination::None;
    open.adjudicated = false;
    open.winner = BLACK;
    games.push_back(open);
    GameRecord empty;
    empty.start_fen = std::string(Variant::start_fen);
    empty.adjudicated = true;
    games.push_back(empty);
    return games;
}

TEST(RoundTrip, EveryFieldOfEveryGameComesBack) {
    pantheon::test::TestDir dir;
    const auto games = varied_games(120, 5);
    std::string error;
    ASSERT_TRUE(write_game_file(dir.file("a.pgd"), games, &error)) << error;
    std::vector<GameRecord> back;
    ASSERT_TRUE(read_game_file(dir.file("a.pgd"), back, &error)) << error;
    ASSERT_EQ(back.size(), games.size());
    for (size_t i = 0; i < games.size(); ++i) ASSERT_EQ(back[i], games[i]) << "game " << i;
}

TEST(RoundTrip, ManySmallChunksAndAChunkIndex) {
    pantheon::test::TestDir dir;
    const auto games = varied_games(60, 6);
    WriterOptions options;
    options.plies_per_chunk = 500;
    options.zstd_level = 3;
    GameFileWriter writer(options);
    std::string error;
    ASSERT_TRUE(writer.open(dir.file("b.pgd"), &error)) << error;
    uint64_t plies = 0;
    for (const GameRecord& g : games) {
        ASSERT_TRUE(writer.add(g, &error)) << error;
        plies += g.plies.size();
    }
    ASSERT_TRUE(writer.finish(&error)) << error;

    GameFileReader reader;
    ASSERT_TRUE(reader.open(dir.file("b.pgd"), &error)) << error;
    EXPECT_EQ(reader.summary().games, games.size());
    EXPECT_EQ(reader.summary().positions, plies);
    EXPECT_GT(reader.chunks().size(), 10u);
    std::vector<GameRecord> back;
    for (size_t c = 0; c < reader.chunks().size(); ++c)
        ASSERT_TRUE(reader.read_chunk(c, back, &error, /*check_legality=*/true)) << error;
    EXPECT_EQ(back, games);
}

TEST(RoundTrip, EmptyFileIsValid) {
    pantheon::test::TestDir dir;
    std::string error;
    ASSERT_TRUE(write_game_file(dir.file("e.pgd"), {}, &error)) << error;
    std::vector<GameRecord> back;
    ASSERT_TRUE(read_game_file(dir.file("e.pgd"), back, &error)) << error;
    EXPECT_TRUE(back.empty());
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1);
}

TEST(RoundTrip, SameGamesGiveIdenticalBytes) {
    pantheon::test::TestDir dir;
    const auto games = varied_games(40, 8);
    std::string error;
    ASSERT_TRUE(write_game_file(dir.file("x.pgd"), games, &error)) << error;
    ASSERT_TRUE(write_game_file(dir.file("y.pgd"), varied_games(40, 8), &error)) << error;
    EXPECT_EQ(test::read_bytes(dir.file("x.pgd")), test::read_bytes(dir.file("y.pgd")));
}

TEST(RoundTrip, EmptyStartFenMeansTheStandardStart) {
    pantheon::test::TestDir dir;
    GameRecord g = synthetic_game(3);
    g.start_fen.clear();
    std::string error;
    ASSERT_TRUE(write_game_file(dir.file("s.pgd"), std::span(&g, 1), &error)) << error;
    std::vector<GameRecord> back;
    ASSERT_TRUE(read_game_file(dir.file("s.pgd"), back, &error)) << error;
    ASSERT_EQ(back.size(), 1u);
    EXPECT_EQ(back[0].start_fen, Variant::start_fen);
    EXPECT_EQ(back[0].plies, g.plies);
}

}  // namespace
}  // namespace pantheon::data
