// What a run leaves besides its final net: a finished run resumed under a
// higher limit goes on (the same bytes as an uninterrupted run) and under
// the same limit changes nothing; a version 2 checkpoint resumes under its
// own limits only; nets along the way; the export checked on
// real positions even when the run's stream is spent, and a check over no
// position reported as missing; the lineage in the net
// (parent, data sets, recipe, build); the build's identity in the log.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "data/checksum.h"
#include "data/file_format.h"
#include "nnue/net_file.h"
#include "tests/data/test_files.h"
#include "tests/test_dir.h"
#include "trainer/net_lineage.h"
#include "trainer/training_run.h"
#include "trainer_test_support.h"
#include "util/build_info.h"
#include "util/sha256.h"
#include "util/text_file.h"

namespace pantheon::trainer {
namespace {

using data::test::read_bytes;
using pantheon::test::TestDir;

// A data file of `games` synthetic games in dir.
std::string games_file(const TestDir& dir, int games, uint64_t seed) {
    const std::string path = dir.file("games.pgd");
    test::write_data_file(path, games, seed);
    return path;
}

RunEnd run(const TrainConfig& c, RunSummary& summary, std::string& error) {
    summary = {};
    return run_training(c, nullptr, nullptr, false, summary, &error);
}

// A schedule that does not depend on the run's length, so a run continued
// to a higher limit can equal one planned for it from the start.
TrainConfig length_free_config(const TestDir& dir, const std::string& data, const std::string& out) {
    TrainConfig c = test::small_config(data, dir.file(out));
    c.lr_schedule = LrSchedule::Constant;
    c.lambda = c.lambda_end = 0.8f;
    return c;
}

std::string text_of(const std::string& path) {
    std::string text, error;
    EXPECT_TRUE(util::read_text_file(path, text, &error)) << error;
    return text;
}

util::Json lineage_of(const std::string& net_path) {
    nnue::Network net;
    std::string error;
    EXPECT_TRUE(nnue::load_network_file(net_path, net, &error)) << error;
    const auto lineage = parse_lineage(net.description);
    EXPECT_TRUE(lineage.has_value()) << net.description;
    return lineage.value_or(util::Json::object());
}

TEST(RunExtension, AFinishedRunGoesOnUnderAHigherLimitAndStaysUnderTheSame) {
    test::pin_net_date();
    TestDir dir;
    const std::string data = games_file(dir, 40, 17);
    RunSummary summary;
    std::string error;

    TrainConfig whole = length_free_config(dir, data, "whole.nnue");
    whole.max_steps = 10;
    ASSERT_EQ(run(whole, summary, error), RunEnd::Finished) << error;

    TrainConfig part = length_free_config(dir, data, "part.nnue");
    part.max_steps = 6;
    ASSERT_EQ(run(part, summary, error), RunEnd::Finished) << error;
    const auto net6 = read_bytes(part.out), ckpt6 = read_bytes(checkpoint_path(part));
    const std::string log6 = text_of(dir.file("part.train.csv"));

    // The same limit: finished, nothing trained or rewritten.
    part.resume = checkpoint_path(part);
    ASSERT_EQ(run(part, summary, error), RunEnd::Finished) << error;
    EXPECT_TRUE(summary.already_finished);
    EXPECT_EQ(summary.state.step, 6u);
    EXPECT_EQ(read_bytes(part.out), net6);
    EXPECT_EQ(read_bytes(checkpoint_path(part)), ckpt6);
    EXPECT_EQ(text_of(dir.file("part.train.csv")), log6);

    // A higher limit: the run goes on to it, and ends where the run planned
    // for it from the start ends, byte for byte.
    part.max_steps = 10;
    part.threads = 1;
    ASSERT_EQ(run(part, summary, error), RunEnd::Finished) << error;
    EXPECT_FALSE(summary.already_finished);
    EXPECT_EQ(summary.state.step, 10u);
    EXPECT_EQ(read_bytes(part.out), read_bytes(whole.out));
    EXPECT_NE(read_bytes(part.out), net6);
}

// The bytes of a version 2 checkpoint with the same contents as a version 3
// one without a parent: the configuration hash with the limits, no parent
// record (two empty texts after the log rows), the checksum again.
std::vector<uint8_t> as_version_2(std::vector<uint8_t> bytes, const TrainConfig& c) {
    constexpr size_t VERSION_AT = 8, HASH_AT = 16, ROWS_AT = 24 + 8 * 8, ROW_BYTES = 72;
    auto put = [&](size_t at, uint64_t v, int n) {
        for (int i = 0; i < n; ++i) bytes[at + size_t(i)] = uint8_t(v >> (8 * i));
    };
    uint64_t rows = 0;
    for (int i = 0; i < 8; ++i) rows |= uint64_t(bytes[ROWS_AT + size_t(i)]) << (8 * i);
    const size_t parent_at = ROWS_AT + 8 + size_t(rows) * ROW_BYTES;
    EXPECT_TRUE(std::all_of(bytes.begin() + std::ptrdiff_t(parent_at),
                            bytes.begin() + std::ptrdiff_t(parent_at + 16),
                            [](uint8_t b) { return b == 0; }));
    bytes.erase(bytes.begin() + std::ptrdiff_t(parent_at),
                bytes.begin() + std::ptrdiff_t(parent_at + 16));
    put(VERSION_AT, 2, 4);
    put(HASH_AT, config_hash(c, /*with_limits=*/true), 8);
    bytes.resize(bytes.size() - 8);
    const uint64_t sum = data::checksum64(bytes);
    bytes.resize(bytes.size() + 8);
    put(bytes.size() - 8, sum, 8);
    return bytes;
}

TEST(RunExtension, AVersion2CheckpointResumesUnderItsOwnLimitsOnly) {
    test::pin_net_date();
    TestDir dir;
    const std::string data = games_file(dir, 30, 6);
    RunSummary summary;
    std::string error;
    TrainConfig whole = test::small_config(data, dir.file("whole.nnue"));
    ASSERT_EQ(run(whole, summary, error), RunEnd::Finished) << error;

    TrainConfig old = test::small_config(data, dir.file("old.nnue"));
    old.session_steps = 3;
    ASSERT_EQ(run(old, summary, error), RunEnd::Interrupted) << error;
    data::test::write_bytes(checkpoint_path(old),
                            as_version_2(read_bytes(checkpoint_path(old)), old));
    old.session_steps = 0;
    old.resume = checkpoint_path(old);
    TrainConfig longer = old;
    longer.max_steps = 8;
    EXPECT_EQ(run(longer, summary, error), RunEnd::Failed);
    EXPECT_NE(error.find("another training configuration"), std::string::npos) << error;
    ASSERT_EQ(run(old, summary, error), RunEnd::Finished) << error;
    EXPECT_EQ(read_bytes(old.out), read_bytes(whole.out));
}

TEST(RunExtension, AFinishedRunWhoseNetIsMissingExportsItAgain) {
    test::pin_net_date();
    TestDir dir;
    const std::string data = games_file(dir, 30, 5);
    RunSummary summary;
    std::string error;
    TrainConfig c = length_free_config(dir, data, "net.nnue");
    ASSERT_EQ(run(c, summary, error), RunEnd::Finished) << error;
    const auto net = read_bytes(c.out);
    // As if the run had stopped between its last checkpoint and the export.
    std::filesystem::remove(c.out);
    c.resume = checkpoint_path(c);
    ASSERT_EQ(run(c, summary, error), RunEnd::Finished) << error;
    EXPECT_FALSE(summary.already_finished);
    EXPECT_EQ(read_bytes(c.out), net);
}

TEST(RunExtension, NetsAlongTheWayArePlayableAndTheNewestAreKept) {
    TestDir dir;
    const std::string data = games_file(dir, 40, 9);
    TrainConfig c = test::small_config(data, dir.file("net.nnue"));
    c.max_steps = 9;
    c.save_every = 2;
    c.keep_nets = 2;
    RunSummary summary;
    std::string error;
    ASSERT_EQ(run(c, summary, error), RunEnd::Finished) << error;
    for (uint64_t step : {2u, 4u})
        EXPECT_FALSE(std::filesystem::exists(interim_net_path(c, step))) << step;
    EXPECT_EQ(summary.last_interim_net, interim_net_path(c, 8));
    EXPECT_EQ(interim_net_path(c, 8), dir.file("net.step-8.nnue"));
    for (uint64_t step : {6u, 8u}) {
        const std::string path = interim_net_path(c, step);
        ASSERT_TRUE(std::filesystem::exists(path)) << path;
        nnue::Network net;
        ASSERT_TRUE(nnue::load_network_file(path, net, &error)) << error;
        EXPECT_EQ(util::json_int(lineage_of(path)["steps"]), int64_t(step));
    }
    EXPECT_EQ(util::json_int(lineage_of(c.out)["steps"]), 9);
}

TEST(RunExtension, TheExportIsCheckedOnPositionsWhenTheRunsStreamIsSpent) {
    // An epoch-limited run spends its stream, and without validation
    // positions the check used to run on the positions left in it: none.
    TestDir dir;
    const std::string data = games_file(dir, 30, 4);
    TrainConfig c = test::small_config(data, dir.file("net.nnue"));
    c.max_steps = 0;
    c.max_epochs = 1;
    c.validation_fraction = 0;
    RunSummary summary;
    std::string error;
    ASSERT_EQ(run(c, summary, error), RunEnd::Finished) << error;
    EXPECT_EQ(summary.export_check.positions, c.export_check_positions);
    EXPECT_TRUE(summary.export_warning.empty()) << summary.export_warning;
    EXPECT_NE(summary.export_report.find("export check on 100 positions"), std::string::npos)
        << summary.export_report;
    // The log ends with the check, and starts with the build's identity.
    const std::string log = text_of(dir.file("net.train.csv"));
    EXPECT_EQ(log.substr(0, log.find('\n')), "# " + util::build_identity_line());
    EXPECT_NE(log.find("\n# export check on 100 positions"), std::string::npos) << log;
}

TEST(RunExtension, AnExportWithoutPositionsToCheckOnSaysSo) {
    TestDir dir;
    const std::string data = games_file(dir, 20, 4);
    TrainConfig c = test::small_config(data, dir.file("net.nnue"));
    c.export_check_positions = 0;
    RunSummary summary;
    std::string error;
    ASSERT_EQ(run(c, summary, error), RunEnd::Finished) << error;
    EXPECT_EQ(summary.export_check.positions, 0u);
    EXPECT_NE(summary.export_warning.find("not checked"), std::string::npos);
    EXPECT_EQ(summary.export_report.find("export check on"), std::string::npos)
        << summary.export_report;
    const std::string log = text_of(dir.file("net.train.csv"));
    EXPECT_NE(log.find("\n# export check: none (the exported net was not checked"),
              std::string::npos)
        << log;
}

TEST(RunExtension, TheNetCarriesItsLineage) {
    TestDir dir;
    const std::string first = dir.file("first.pgd"), second = dir.file("more");
    test::write_data_file(first, 30, 2);
    std::filesystem::create_directory(second);
    test::write_data_file(second + "/a.pgd", 20, 3);
    test::write_data_file(second + "/b.pgd", 20, 4);
    RunSummary summary;
    std::string error;
    TrainConfig parent = test::small_config(first, dir.file("parent.nnue"));
    ASSERT_EQ(run(parent, summary, error), RunEnd::Finished) << error;

    // Fine-tuned from the parent on both data sets, interrupted and resumed
    // without --init: the checkpoint remembers the parent.
    TrainConfig child = test::small_config(first, dir.file("child.nnue"));
    child.data = {first, second};
    child.init = parent.out;
    child.note = "generation 2";
    child.session_steps = 3;
    ASSERT_EQ(run(child, summary, error), RunEnd::Interrupted) << error;
    child.session_steps = 0;
    child.init.clear();
    child.resume = checkpoint_path(child);
    ASSERT_EQ(run(child, summary, error), RunEnd::Finished) << error;

    const util::Json lineage = lineage_of(child.out);
    std::string parent_sha;
    ASSERT_TRUE(util::sha256_file(parent.out, parent_sha, &error)) << error;
    EXPECT_EQ(lineage["parent"]["sha256"], parent_sha);
    // Paths relative to the net's directory.
    EXPECT_EQ(lineage["parent"]["path"], "parent.nnue");
    ASSERT_EQ(lineage["data"].size(), 2u);
    std::string file_sha, a_sha, b_sha;
    ASSERT_TRUE(util::sha256_file(first, file_sha, &error)) << error;
    ASSERT_TRUE(util::sha256_file(second + "/a.pgd", a_sha, &error)) << error;
    ASSERT_TRUE(util::sha256_file(second + "/b.pgd", b_sha, &error)) << error;
    EXPECT_EQ(lineage["data"][0]["path"], "first.pgd");
    EXPECT_EQ(lineage["data"][1]["path"], "more");
    EXPECT_EQ(lineage["data"][0]["sha256"], file_sha);
    data::format::FileHeader header;
    ASSERT_TRUE(data::format::read_header(first, header, &error)) << error;
    EXPECT_EQ(util::json_int(lineage["data"][0]["positions"]), int64_t(header.positions));
    EXPECT_EQ(util::json_int(lineage["data"][1]["files"]), 2);
    // A directory: the digest of its sha256sum listing.
    EXPECT_EQ(lineage["data"][1]["sha256"],
              util::sha256_hex(a_sha + "  a.pgd\n" + b_sha + "  b.pgd\n"));
    EXPECT_EQ(util::json_int(lineage["steps"]), 6);
    EXPECT_EQ(util::json_number(lineage["recipe"]["lr"]), 0.003);
    EXPECT_EQ(util::json_int(lineage["recipe"]["batch_size"]), 256);
    EXPECT_EQ(util::json_int(lineage["recipe"]["limits"]["max_steps"]), 6);
    EXPECT_EQ(lineage["recipe"]["lr_schedule"], "cosine");
    EXPECT_EQ(lineage["note"], "generation 2");
    EXPECT_EQ(lineage["build"], util::Json(util::build_identity_json()));
    EXPECT_EQ(util::json_int(lineage["architecture"]["l1"]), nnue::arch::L1);
    EXPECT_EQ(lineage["architecture"]["variant"], std::string(Variant::name));
    const std::string created = util::json_string(lineage["created"]);
    EXPECT_EQ(created.size(), 20u) << created;
    EXPECT_EQ(created.back(), 'Z') << created;
    // A net trained from random weights has no parent.
    EXPECT_TRUE(lineage_of(parent.out)["parent"].is_null());
}

}  // namespace
}  // namespace pantheon::trainer
