// The training stream yields every position exactly once per pass, in an
// order fixed by the seed alone, and reports damaged input.
#include "data/training_stream.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <algorithm>

#include "data/game_file.h"
#include "data/game_replay.h"
#include "data/synthetic_games.h"
#include "engine/core/random.h"
#include "test_files.h"
#include "tests/test_dir.h"

namespace pantheon::data {
namespace {

struct Dataset {
    pantheon::test::TestDir dir;
    std::vector<TrainingPosition> expected;  // every non-excluded position, in file order
    uint64_t excluded = 0;
};

void make_dataset(Dataset& d) {
    WriterOptions options;
    options.plies_per_chunk = 700;
    options.zstd_level = 1;
    std::filesystem::create_directories(d.dir.path() / "sub");
    for (int f = 0; f < 3; ++f) {
        auto games = synthetic_games(12, 1000 + f);
        for (size_t g = 0; g < games.size(); ++g)
            for (size_t i = 0; i < games[g].plies.size(); ++i)
                games[g].plies[i].excluded = (g + i) % 17 == 0;
        GameFileWriter writer(options);
        std::string error;
        const std::string path =
            (d.dir.path() / "sub" / ("part" + std::to_string(f) + ".pgd")).string();
        ASSERT_TRUE(writer.open(path, &error));
        for (const GameRecord& g : games) ASSERT_TRUE(writer.add(g, &error)) << error;
        ASSERT_TRUE(writer.finish(&error)) << error;
        for (const GameRecord& g : games)
            ASSERT_TRUE(replay_game(
                g,
                [&](const Position& pos, const PlyRecord& ply, int) {
                    if (ply.excluded)
                        ++d.excluded;
                    else
                        d.expected.push_back(make_training_position(pos, ply, g.winner));
                },
                &error));
    }
}

std::vector<TrainingPosition> read_all(const std::string& input, StreamOptions options,
                                       size_t limit = SIZE_MAX) {
    TrainingStream stream(options);
    std::string error;
    EXPECT_TRUE(stream.open({input}, &error)) << error;
    std::vector<TrainingPosition> out, batch(333);
    while (out.size() < limit) {
        const size_t n = stream.read(batch);
        if (n == 0) break;
        out.insert(out.end(), batch.begin(), batch.begin() + long(n));
    }
    EXPECT_FALSE(stream.failed()) << stream.error();
    if (out.size() > limit) out.resize(limit);
    return out;
}

auto key(const TrainingPosition& p) {
    return std::make_tuple(p.board, p.hands, p.side_to_move, p.score, p.best.raw(), p.played.raw(),
                           p.ply, p.result, p.in_check);
}

bool same_multiset(std::vector<TrainingPosition> a, std::vector<TrainingPosition> b) {
    auto less = [](const auto& x, const auto& y) { return key(x) < key(y); };
    std::sort(a.begin(), a.end(), less);
    std::sort(b.begin(), b.end(), less);
    return a == b;
}

TEST(TrainingStream, InFileOrderItIsExactlyTheReplayedGames) {
    Dataset d;
    make_dataset(d);
    StreamOptions options;
    options.shuffle_buffer = 0;
    options.shuffle_chunks = false;
    EXPECT_EQ(read_all(d.dir.path().string() + "/sub", options), d.expected);
}

TEST(TrainingStream, ShuffledItHasTheSamePositionsAndDependsOnlyOnTheSeed) {
    Dataset d;
    make_dataset(d);
    const std::string input = (d.dir.path() / "sub").string();
    StreamOptions options;
    options.shuffle_buffer = 2000;
    options.seed = 5;
    options.threads = 1;
    const auto one = read_all(input, options);
    options.threads = 3;
    const auto three = read_all(input, options);
    EXPECT_EQ(one, three);
    EXPECT_NE(one, d.expected);
    EXPECT_TRUE(same_multiset(one, d.expected));
    options.seed = 6;
    EXPECT_NE(read_all(input, options), one);
}

// The shuffle buffer's order as specified: every slot drawn when it is
// needed. The stream draws slots ahead (to prefetch them) and must give
// exactly this order.
std::vector<TrainingPosition> reference_shuffle(const std::vector<TrainingPosition>& in,
                                                size_t capacity, uint64_t seed) {
    SplitMix64 rng = SplitMix64::derived(seed, 0xB0FFE4);
    std::vector<TrainingPosition> buffer, out;
    size_t next_slot = SIZE_MAX;
    for (const TrainingPosition& p : in) {
        if (buffer.size() < capacity) {
            buffer.push_back(p);
            continue;
        }
        const size_t j = next_slot < buffer.size() ? next_slot : size_t(rng.below(buffer.size()));
        next_slot = size_t(rng.below(buffer.size()));
        out.push_back(buffer[j]);
        buffer[j] = p;
    }
    while (!buffer.empty()) {
        const size_t j = size_t(rng.below(buffer.size()));
        out.push_back(buffer[j]);
        buffer[j] = buffer.back();
        buffer.pop_back();
    }
    return out;
}

TEST(TrainingStream, ShuffleOrderIsTheSpecifiedDrawsWhetherTheBufferFillsOrNot) {
    Dataset d;
    make_dataset(d);
    const std::string input = (d.dir.path() / "sub").string();
    StreamOptions options;
    options.shuffle_chunks = false;
    options.seed = 9;
    for (const size_t capacity : {size_t(500), d.expected.size() + 10}) {
        options.shuffle_buffer = capacity;
        EXPECT_EQ(read_all(input, options), reference_shuffle(d.expected, capacity, 9)) << capacity;
    }
}

TEST(TrainingStream, ExcludedPositionsOnRequestAndCycling) {
    Dataset d;
    make_dataset(d);
    const std::string input = (d.dir.path() / "sub").string();
    StreamOptions options;
    options.shuffle_buffer = 0;
    options.skip_excluded = false;
    EXPECT_EQ(read_all(input, options).size(), d.expected.size() + d.excluded);

    options.skip_excluded = true;
    options.cycle = true;
    options.shuffle_buffer = 500;
    const size_t three_passes = 3 * d.expected.size();
    const auto cycled = read_all(input, options, three_passes);
    EXPECT_EQ(cycled.size(), three_passes);
}

TEST(TrainingStream, DamagedChunkStopsTheStreamWithItsName) {
    Dataset d;
    make_dataset(d);
    const std::string path = (d.dir.path() / "sub" / "part1.pgd").string();
    std::vector<uint8_t> bytes = test::read_bytes(path);
    bytes[bytes.size() - 10] ^= 0x40;
    test::write_bytes(path, bytes);
    TrainingStream stream;
    std::string error;
    ASSERT_TRUE(stream.open({path}, &error)) << error;
    std::vector<TrainingPosition> batch(100000);
    while (stream.read(batch) > 0) {
    }
    EXPECT_TRUE(stream.failed());
    EXPECT_NE(stream.error().find("part1.pgd: chunk"), std::string::npos) << stream.error();
}

TEST(TrainingStream, ManyFilesHoldNoDescriptorsOpen) {
    pantheon::test::TestDir dir;
    const auto games = synthetic_games(120, 64);
    uint64_t positions = 0;
    for (size_t i = 0; i < games.size(); ++i) {
        std::string error;
        std::string name = std::to_string(1000 + i);
        name += DATA_FILE_EXTENSION;
        ASSERT_TRUE(write_game_file(dir.file(name), std::span(&games[i], 1), &error)) << error;
        positions += games[i].plies.size();
    }
    rlimit saved;
    ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &saved), 0);
    rlimit low = saved;
    low.rlim_cur = 48;  // far fewer descriptors than files
    ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &low), 0);
    StreamOptions options;
    options.skip_excluded = false;
    options.shuffle_buffer = 1000;
    const size_t n = read_all(dir.path().string(), options).size();
    setrlimit(RLIMIT_NOFILE, &saved);
    EXPECT_EQ(n, positions);
}

TEST(TrainingStream, TrainingPositionGivesBackItsFen) {
    Dataset d;
    make_dataset(d);
    for (size_t i = 0; i < d.expected.size(); i += 97) {
        const TrainingPosition& t = d.expected[i];
        const auto pos = t.to_position();
        ASSERT_TRUE(pos.has_value()) << t.fen();
        EXPECT_EQ(make_training_position(*pos, {t.played, t.best, t.score},
                                         t.result > 0 ? pos->side_to_move() : ~pos->side_to_move()),
                  t);
    }
}

}  // namespace
}  // namespace pantheon::data
