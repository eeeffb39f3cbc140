// Export: the net file the trainer writes loads in the engine's code, and
// the engine's integer evaluation agrees with the trainer's float forward
// pass over the quantized weights (the difference is only the rounding of
// activations); the factor rows are folded in.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "engine/core/random.h"
#include "nnue/evaluate.h"
#include "nnue/net_file.h"
#include "tests/data/test_files.h"
#include "tests/test_dir.h"
#include "trainer/net_export.h"
#include "trainer/network_pass.h"
#include "trainer_test_support.h"

namespace pantheon::trainer {
namespace {

// A model with every path in use: PSQT and factor rows non-zero.
Model busy_model(uint64_t seed) {
    Model m;
    initialize(m, seed);
    SplitMix64 rng(seed);
    for (float& w : m.net.psqt_weights) w = float(rng.gaussian(0.1));
    for (float& w : m.factor_weights) w = float(rng.gaussian(0.01));
    for (float& w : m.factor_psqt) w = float(rng.gaussian(0.05));
    for (float& b : m.net.l2_bias) b += 0.3f;
    for (float& b : m.net.l3_bias) b += 0.3f;
    clip_for_quantization(m);
    return m;
}

TEST(Export, EngineEvaluationAgreesWithTheQuantizedFloatForward) {
    pantheon::test::TestDir dir;
    const Model model = busy_model(9);
    const std::string path = dir.file("exported.nnue");
    std::string error;
    const auto positions = test::synthetic_positions(10, 4);
    ASSERT_TRUE(export_net(model, path, positions, "export test", &error)) << error;

    // The engine's loader and integer evaluation, against the trainer's
    // forward pass with weights at net-file resolution.
    nnue::Network net;
    ASSERT_TRUE(nnue::load_network_file(path, net, &error)) << error;
    const Batch batch = test::make_batch(positions, 0, positions.size());
    NetworkPass pass(true, /*fake_quantize=*/true);
    std::vector<float> outputs;
    pass.run(model, batch, LossParams{}, nullptr, &outputs);
    double sum = 0, signed_sum = 0, worst = 0, spread = 0;
    for (size_t i = 0; i < positions.size(); ++i) {
        const int engine = nnue::evaluate_reference(net, TrainingBoard(positions[i]));
        const double trainer = double(outputs[i]) * nnue::arch::OUTPUT_CP;
        sum += std::abs(engine - trainer);
        signed_sum += engine - trainer;
        worst = std::max(worst, std::abs(engine - trainer));
        spread = std::max(spread, std::abs(trainer));
    }
    const double n = double(positions.size());
    EXPECT_GT(spread, 50.0);  // the evaluations are not all near zero
    EXPECT_LT(sum / n, 3.0);
    EXPECT_LT(std::abs(signed_sum / n), 1.5);  // truncation compensated: no systematic offset
    EXPECT_LT(worst, 15.0);

    // The run's own check gives the same figures.
    ExportCheck check;
    ASSERT_TRUE(check_export(path, model, true, positions, check, &error)) << error;
    EXPECT_EQ(check.positions, positions.size());
    EXPECT_NEAR(check.mean_cp, sum / n, 1e-6);
    EXPECT_NEAR(check.max_cp, worst, 1e-6);
}

TEST(Export, ImportGivesBackTheQuantizedWeights) {
    pantheon::test::TestDir dir;
    const Model model = busy_model(12);
    const std::string path = dir.file("a.nnue");
    std::string error;
    ASSERT_TRUE(export_net(model, path, {}, "export test", &error)) << error;
    Model imported;
    ASSERT_TRUE(import_net(path, imported, &error)) << error;
    EXPECT_TRUE(nnue::quantize(imported.net) == nnue::quantize(export_float(model, {})));
    EXPECT_TRUE(std::all_of(imported.factor_weights.begin(), imported.factor_weights.end(),
                            [](float v) { return v == 0.0f; }));
    // A truncated file is refused with a message.
    auto bytes = data::test::read_bytes(path);
    bytes.resize(bytes.size() / 2);
    data::test::write_bytes(dir.file("short.nnue"), bytes);
    EXPECT_FALSE(import_net(dir.file("short.nnue"), imported, &error));
    EXPECT_NE(error.find("short.nnue"), std::string::npos);
}

}  // namespace
}  // namespace pantheon::trainer
