// Whole training runs on small synthetic data: resume gives the same bits as
// an uninterrupted run, a tiny set is fitted, and bad inputs (empty, corrupt
// or other-variant data, a checkpoint of another configuration, a net of
// another architecture) fail clearly without overwriting anything.
#include "trainer/training_run.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>

#include "data/file_format.h"
#include "engine/core/checksum.h"
#include "nnue/net_file.h"
#include "tests/data/test_files.h"
#include "tests/test_dir.h"
#include "trainer/checkpoint.h"
#include "trainer/network_pass.h"
#include "trainer/optimizer.h"
#include "trainer_test_support.h"

namespace pantheon::trainer {
namespace {

using data::test::read_bytes;
using pantheon::test::TestDir;
using data::test::write_bytes;

TrainConfig small_config(const TestDir& dir, const std::string& data) {
    return test::small_config(data, dir.file("net.nnue"));
}

RunEnd run(const TrainConfig& c, std::string* error = nullptr, RunSummary* out = nullptr) {
    RunSummary summary;
    std::string why;
    const RunEnd end = run_training(c, nullptr, nullptr, false, out ? *out : summary, &why);
    if (error) *error = why;
    return end;
}

struct Loaded {
    Model model;
    RunState state;
};
Loaded load(const TrainConfig& c) {
    Loaded l;
    Adam adam(c);
    std::string error;
    EXPECT_TRUE(load_checkpoint(checkpoint_path(c), c, l.model, adam, l.state, &error))
        << error;
    return l;
}

TEST(TrainingRun, ResumeGivesTheSameWeightsAsAnUninterruptedRun) {
    test::pin_net_date();
    TestDir dir;
    const std::string data = dir.file("games.pgd");
    test::write_data_file(data, 40, 17);

    TrainConfig whole = small_config(dir, data);
    whole.out = dir.file("whole.nnue");
    std::string error;
    ASSERT_EQ(run(whole, &error), RunEnd::Finished) << error;

    TrainConfig part = small_config(dir, data);
    part.out = dir.file("part.nnue");
    part.session_steps = 3;
    ASSERT_EQ(run(part, &error), RunEnd::Interrupted) << error;
    EXPECT_FALSE(std::filesystem::exists(part.out));
    EXPECT_EQ(load(part).state.step, 3u);
    part.session_steps = 0;
    part.resume = checkpoint_path(part);
    part.threads = 1;  // the thread count does not change the result
    ASSERT_EQ(run(part, &error), RunEnd::Finished) << error;

    const Loaded a = load(whole), b = load(part);
    EXPECT_EQ(a.state.step, 6u);
    EXPECT_EQ(b.state.step, 6u);
    EXPECT_EQ(a.state.positions, b.state.positions);
    EXPECT_TRUE(a.model == b.model);
    EXPECT_EQ(read_bytes(whole.out), read_bytes(part.out));
    // The log goes on as if never interrupted: the row at step 4 averages the
    // training loss of steps 3 (first session) and 4 (second).
    ASSERT_EQ(a.state.log.size(), b.state.log.size());
    for (size_t i = 0; i < a.state.log.size(); ++i) {
        EXPECT_EQ(a.state.log[i].step, b.state.log[i].step);
        EXPECT_EQ(a.state.log[i].train_loss, b.state.log[i].train_loss) << "row " << i;
        EXPECT_EQ(a.state.log[i].val_loss, b.state.log[i].val_loss) << "row " << i;
    }
    EXPECT_TRUE(std::filesystem::exists(dir.file("whole.train.csv")));
    EXPECT_TRUE(std::filesystem::exists(dir.file("whole.loss.svg")));
}

TEST(TrainingRun, AStopRequestWritesACheckpointAndNoNet) {
    TestDir dir;
    const std::string data = dir.file("games.pgd");
    test::write_data_file(data, 20, 8);
    const TrainConfig c = small_config(dir, data);
    std::atomic<bool> stop{true};  // as if Ctrl-C came before the first step
    RunSummary summary;
    std::string error;
    EXPECT_EQ(run_training(c, &stop, nullptr, false, summary, &error), RunEnd::Interrupted)
        << error;
    EXPECT_TRUE(std::filesystem::exists(checkpoint_path(c)));
    EXPECT_FALSE(std::filesystem::exists(c.out));
    EXPECT_EQ(load(c).state.step, 0u);
}

TEST(TrainingRun, FitsATinySetToNearZeroLoss) {
    const auto positions = test::synthetic_positions(3, 23);
    const Batch batch = test::make_batch(positions, 0, 64);
    TrainConfig c;
    Model model;
    initialize(model, 3);
    Adam adam(c);
    NetworkPass pass(true);
    Gradients grad;
    const LossParams loss{400.0f, 1.0f};
    const double first = pass.run(model, batch, loss, nullptr);
    double last = first;
    for (int step = 0; step < 300; ++step) {
        last = pass.run(model, batch, loss, &grad);
        adam.step(model, grad, 2e-3f);
    }
    last = pass.run(model, batch, loss, nullptr);
    EXPECT_GT(first, 0.01);
    EXPECT_LT(last, 1e-4) << "from " << first;
}

TEST(TrainingRun, EmptyCorruptAndOtherVariantDataFailClearly) {
    TestDir dir;
    std::string error;
    // No games at all.
    const std::string empty = dir.file("empty.pgd");
    test::write_data_file(empty, 0, 1);
    EXPECT_EQ(run(small_config(dir, empty), &error), RunEnd::Failed);
    EXPECT_NE(error.find("no positions"), std::string::npos) << error;
    // Garbage.
    const std::string garbage = dir.file("garbage.pgd");
    write_bytes(garbage, std::vector<uint8_t>(4096, 0x5A));
    EXPECT_EQ(run(small_config(dir, garbage), &error), RunEnd::Failed);
    EXPECT_FALSE(error.empty());
    // A damaged chunk inside a valid file.
    const std::string good = dir.file("good.pgd");
    test::write_data_file(good, 30, 5);
    auto bytes = read_bytes(good);
    bytes[bytes.size() / 2] ^= 0x40;
    const std::string damaged = dir.file("damaged.pgd");
    write_bytes(damaged, bytes);
    EXPECT_EQ(run(small_config(dir, damaged), &error), RunEnd::Failed);
    EXPECT_FALSE(error.empty());
    // Another variant's data.
    bytes = read_bytes(good);
    data::format::FileHeader h;
    ASSERT_TRUE(data::format::decode_header(bytes, h, &error)) << error;
    h.variant = "pandemonium";
    const auto head = data::format::encode_header(h);
    std::copy(head.begin(), head.end(), bytes.begin());
    const std::string other = dir.file("other.pgd");
    write_bytes(other, bytes);
    EXPECT_EQ(run(small_config(dir, other), &error), RunEnd::Failed);
    EXPECT_NE(error.find("pandemonium"), std::string::npos) << error;
    // Nothing was written.
    EXPECT_FALSE(std::filesystem::exists(dir.file("net.nnue")));
    EXPECT_FALSE(std::filesystem::exists(dir.file("net.ckpt")));
}

TEST(TrainingRun, RefusesCheckpointsOfOtherConfigurationsAndNetsOfOtherArchitectures) {
    TestDir dir;
    const std::string data = dir.file("games.pgd");
    test::write_data_file(data, 30, 3);
    TrainConfig c = small_config(dir, data);
    c.session_steps = 2;
    std::string error;
    ASSERT_EQ(run(c, &error), RunEnd::Interrupted) << error;
    const auto checkpoint = read_bytes(checkpoint_path(c));

    // A fresh run does not overwrite an existing checkpoint.
    EXPECT_EQ(run(c, &error), RunEnd::Failed);
    EXPECT_NE(error.find("--resume"), std::string::npos) << error;

    // Another configuration.
    TrainConfig other = c;
    other.resume = checkpoint_path(c);
    other.lr = 1e-2f;
    EXPECT_EQ(run(other, &error), RunEnd::Failed);
    EXPECT_NE(error.find("another training configuration"), std::string::npos) << error;

    // A damaged checkpoint.
    TrainConfig damaged = c;
    damaged.checkpoint = dir.file("damaged.ckpt");
    damaged.resume = damaged.checkpoint;
    auto bytes = checkpoint;
    bytes[bytes.size() / 3] ^= 1;
    write_bytes(damaged.checkpoint, bytes);
    EXPECT_EQ(run(damaged, &error), RunEnd::Failed);
    EXPECT_NE(error.find("damaged"), std::string::npos) << error;
    EXPECT_EQ(read_bytes(damaged.checkpoint), bytes);

    // A net of another architecture for --init.
    nnue::Network net = nnue::quantize(folded(Model{}));
    std::vector<uint8_t> file = nnue::serialize_network(net);
    const size_t arch_at = 16 + Variant::name.size() + 4;
    const uint32_t wrong = nnue::arch::hash() + 1;
    for (int i = 0; i < 4; ++i) file[arch_at + size_t(i)] = uint8_t(wrong >> (8 * i));
    const uint64_t sum = checksum64(std::span(file).first(file.size() - 8));
    for (int i = 0; i < 8; ++i) file[file.size() - 8 + size_t(i)] = uint8_t(sum >> (8 * i));
    const std::string wrong_net = dir.file("wrong.nnue");
    write_bytes(wrong_net, file);
    TrainConfig init = small_config(dir, data);
    init.out = dir.file("fine.nnue");
    init.init = wrong_net;
    EXPECT_EQ(run(init, &error), RunEnd::Failed);
    EXPECT_NE(error.find("architecture"), std::string::npos) << error;

    // The original checkpoint is untouched and still resumes.
    EXPECT_EQ(read_bytes(checkpoint_path(c)), checkpoint);
    EXPECT_FALSE(std::filesystem::exists(c.out));
    c.session_steps = 0;
    c.resume = checkpoint_path(c);
    EXPECT_EQ(run(c, &error), RunEnd::Finished) << error;
}

}  // namespace
}  // namespace pantheon::trainer
