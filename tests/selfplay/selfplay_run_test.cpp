// Whole runs: byte-identical output for the same settings whatever the thread
// count, sharding or interruptions, and refusal to mix settings in one directory.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "run_support.h"
#include "selfplay/chunk_store.h"
#include "selfplay/manifest.h"
#include "selfplay/shard_lock.h"
#include "tests/test_dir.h"

namespace pantheon::selfplay {
namespace {

using pantheon::test::TestDir;
using testing::all_games;
using testing::data_files;
using testing::run_ok;
using testing::tiny_run;

namespace fs = std::filesystem;

TEST(SelfplayRun, SameSettingsGiveIdenticalBytesWithAnyThreadCount) {
    TestDir dir;
    const RunReport first = run_ok(tiny_run(dir.file("a")));
    EXPECT_EQ(first.counts.games, 6u);
    EXPECT_EQ(first.chunks_written, 3u);
    run_ok(tiny_run(dir.file("b")));
    SelfplayOptions two_threads = tiny_run(dir.file("c"));
    two_threads.threads = 2;
    run_ok(two_threads);

    const auto a = data_files(dir.file("a"));
    ASSERT_EQ(a.size(), 3u);
    EXPECT_TRUE(a.count(chunk_file_name(0)) && a.count(chunk_file_name(2)));
    EXPECT_EQ(a, data_files(dir.file("b")));
    EXPECT_EQ(a, data_files(dir.file("c")));

    SelfplayOptions other_seed = tiny_run(dir.file("d"));
    other_seed.seed = 2;
    run_ok(other_seed);
    const auto d = data_files(dir.file("d"));
    for (const auto& [name, bytes] : a) EXPECT_NE(bytes, d.at(name)) << name;
}

TEST(SelfplayRun, ResumingAfterAnInterruptionGivesTheSameBytes) {
    TestDir dir;
    run_ok(tiny_run(dir.file("whole")));
    const auto whole = data_files(dir.file("whole"));

    // Stopped after one chunk, then continued with the same command.
    SelfplayOptions stopped = tiny_run(dir.file("parts"));
    stopped.max_chunks = 1;
    const RunReport part = run_ok(stopped);
    EXPECT_EQ(part.chunks_written, 1u);
    EXPECT_EQ(part.chunks_left, 2u);
    EXPECT_EQ(data_files(dir.file("parts")).size(), 1u);
    SelfplayOptions resumed = tiny_run(dir.file("parts"));
    resumed.threads = 2;
    const RunReport rest = run_ok(resumed);
    EXPECT_EQ(rest.chunks_skipped, 1u);
    EXPECT_EQ(rest.chunks_written, 2u);
    EXPECT_EQ(rest.counts.games, 4u);
    EXPECT_EQ(data_files(dir.file("parts")), whole);

    // Killed while writing the last chunk: a temporary file, no final file.
    const std::string last = chunk_path(dir.file("parts"), 2);
    fs::remove(last);
    std::ofstream(last + ".tmp-1-2") << "half a chunk";
    std::ofstream(last + ".tmp") << "half a chunk (older versions)";
    const RunReport after_kill = run_ok(tiny_run(dir.file("parts")));
    EXPECT_EQ(after_kill.chunks_skipped, 2u);
    EXPECT_EQ(after_kill.counts.games, 2u);
    EXPECT_FALSE(fs::exists(last + ".tmp-1-2"));
    EXPECT_FALSE(fs::exists(last + ".tmp"));
    EXPECT_EQ(data_files(dir.file("parts")), whole);

    // A damaged chunk is found by reading it back and played again.
    const std::string first = chunk_path(dir.file("parts"), 0);
    fs::resize_file(first, fs::file_size(first) / 2);
    const RunReport repaired = run_ok(tiny_run(dir.file("parts")));
    EXPECT_EQ(repaired.chunks_written, 1u);
    ASSERT_EQ(repaired.notes.size(), 1u);
    EXPECT_NE(repaired.notes[0].find("invalid"), std::string::npos);
    EXPECT_EQ(data_files(dir.file("parts")), whole);

    // Nothing left to do: nothing is rewritten.
    const RunReport idle = run_ok(tiny_run(dir.file("parts")));
    EXPECT_EQ(idle.counts.games, 0u);
    EXPECT_EQ(idle.chunks_skipped, 3u);
}

TEST(SelfplayRun, ShardsAreDisjointAndTogetherMakeTheWholeRun) {
    TestDir dir;
    run_ok(tiny_run(dir.file("whole")));
    const auto whole = data_files(dir.file("whole"));
    std::map<std::string, std::string> joined;
    for (int k = 0; k < 2; ++k) {
        SelfplayOptions shard = tiny_run(dir.file("shard" + std::to_string(k)));
        shard.shard_index = k;
        shard.shard_count = 2;
        const RunReport report = run_ok(shard);
        EXPECT_EQ(report.chunks_owned, k == 0 ? 2u : 1u);
        for (const auto& [name, bytes] : data_files(dir.file("shard" + std::to_string(k))))
            EXPECT_TRUE(joined.emplace(name, bytes).second) << name << " made by two shards";
    }
    EXPECT_EQ(joined, whole);

    // Different shards play different games (their seeds differ).
    const auto zero = all_games(dir.file("shard0"));
    const auto one = all_games(dir.file("shard1"));
    ASSERT_EQ(zero.size(), 4u);
    ASSERT_EQ(one.size(), 2u);
    for (const auto& g : zero)
        for (const auto& h : one) EXPECT_NE(g.plies, h.plies);
}

TEST(SelfplayRun, RefusesToMixSettingsOrForeignData) {
    TestDir dir;
    SelfplayOptions o = tiny_run(dir.file("run"));
    o.max_chunks = 1;
    run_ok(o);
    SelfplayOptions changed = tiny_run(dir.file("run"));
    changed.search.nodes = 400;
    RunReport report;
    std::string error;
    EXPECT_FALSE(run_selfplay(changed, nullptr, false, report, &error));
    EXPECT_NE(error.find("nodes: directory has '300', this run has '400'"), std::string::npos)
        << error;
    EXPECT_EQ(data_files(dir.file("run")).size(), 1u);

    // More games than before is the same run, extended.
    SelfplayOptions more = tiny_run(dir.file("run"));
    more.games = 8;
    EXPECT_TRUE(run_selfplay(more, nullptr, false, report, &error)) << error;
    const auto extended = data_files(dir.file("run"));
    EXPECT_EQ(extended.size(), 4u);
    // Fewer games would cut the last chunk short: refused, nothing discarded.
    SelfplayOptions fewer = tiny_run(dir.file("run"));
    fewer.games = 7;
    EXPECT_FALSE(run_selfplay(fewer, nullptr, false, report, &error));
    EXPECT_NE(error.find("--games"), std::string::npos) << error;
    EXPECT_EQ(data_files(dir.file("run")), extended);

    fs::create_directories(dir.file("foreign"));
    fs::copy_file(chunk_path(dir.file("run"), 0), chunk_path(dir.file("foreign"), 0));
    EXPECT_FALSE(run_selfplay(tiny_run(dir.file("foreign")), nullptr, false, report, &error));
    EXPECT_NE(error.find(MANIFEST_NAME), std::string::npos) << error;
}

TEST(SelfplayRun, BadOptionsAreRefusedBeforeAnythingIsWritten) {
    TestDir dir;
    SelfplayOptions o = tiny_run(dir.file("never"));
    o.search.nodes = 0;
    RunReport report;
    std::string error;
    EXPECT_FALSE(run_selfplay(o, nullptr, false, report, &error));
    EXPECT_FALSE(fs::exists(dir.file("never")));
    o = tiny_run(dir.file("never"));
    o.book = dir.file("no-such-book.epd");
    EXPECT_FALSE(run_selfplay(o, nullptr, false, report, &error));
    EXPECT_NE(error.find("no-such-book.epd"), std::string::npos) << error;
}

TEST(SelfplayRun, ARunningShardKeepsOverlappingShardsOut) {
    TestDir dir;
    fs::create_directories(dir.file("out"));
    // Shard 0/2 running (its lock held here, as by another process).
    util::RunLock running;
    std::string error;
    ASSERT_TRUE(
        running.acquire(dir.file("out/" + shard_lock_name(SELFPLAY_SHARDS, 0, 2)), "x", &error))
        << error;
    RunReport report;
    for (auto [k, n] : {std::pair{0, 2}, std::pair{0, 1}, std::pair{2, 4}}) {
        SelfplayOptions o = tiny_run(dir.file("out"));
        o.shard_index = k;
        o.shard_count = n;
        EXPECT_FALSE(run_selfplay(o, nullptr, false, report, &error)) << k << "/" << n;
        EXPECT_NE(error.find("is in use by another process"), std::string::npos) << error;
    }
    // Shards with none of its chunks run beside it.
    for (auto [k, n] : {std::pair{1, 2}, std::pair{3, 4}}) {
        SelfplayOptions o = tiny_run(dir.file("out"));
        o.shard_index = k;
        o.shard_count = n;
        EXPECT_TRUE(run_selfplay(o, nullptr, false, report, &error)) << error;
    }
    running.release();
    run_ok(tiny_run(dir.file("out")));
    EXPECT_EQ(data_files(dir.file("out")).size(), 3u);
}

}  // namespace
}  // namespace pantheon::selfplay
