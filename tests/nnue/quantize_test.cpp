#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "nnue/network.h"
#include "nnue_test_support.h"

namespace pantheon::nnue {
namespace {

TEST(Quantize, RoundsToNearestAtEachScale) {
    FloatNetwork f;
    // Halves exactly representable at the dense scale (1/64): away from zero.
    f.l3_weights[0] = 0.5f / arch::WEIGHT_SCALE;
    f.l3_weights[1] = -1.5f / arch::WEIGHT_SCALE;
    f.l3_weights[2] = 0.49f / arch::WEIGHT_SCALE;
    f.ft_weights[0] = 2.6f / arch::FT_SCALE;
    f.ft_bias[0] = 1.0f;       // activation 1.0 is FT_SCALE
    f.psqt_weights[3] = 1.0f;  // OUTPUT_SCALE
    f.l2_weights[0] = 1.0f;    // WEIGHT_SCALE
    f.l2_bias[0] = 1.0f;       // ACT_SCALE * WEIGHT_SCALE
    f.out_bias = -0.25f;
    const Network n = quantize(f);
    EXPECT_EQ(n.l3_weights[0], 1);
    EXPECT_EQ(n.l3_weights[1], -2);
    EXPECT_EQ(n.l3_weights[2], 0);
    EXPECT_EQ(n.ft_weights[0], 3);
    EXPECT_EQ(n.ft_bias[0], arch::FT_SCALE);
    EXPECT_EQ(n.psqt_weights[3], arch::OUTPUT_SCALE);
    EXPECT_EQ(n.l2_weights[0], arch::WEIGHT_SCALE);
    EXPECT_EQ(n.l2_bias[0], arch::ACT_SCALE * arch::WEIGHT_SCALE);
    EXPECT_EQ(n.out_bias, -arch::OUTPUT_SCALE / 4);
}

TEST(Quantize, ClipsToTheTypesRanges) {
    FloatNetwork f;
    f.ft_weights[0] = 1e6f;
    f.ft_weights[1] = -1e6f;
    f.l2_weights[0] = 10.0f;
    f.l2_weights[1] = -10.0f;  // symmetric: -127, never -128
    f.l3_bias[0] = 1e9f;
    f.psqt_weights[0] = -1e9f;
    f.out_weights[0] = std::numeric_limits<float>::quiet_NaN();
    f.out_weights[1] = std::numeric_limits<float>::infinity();
    const Network n = quantize(f);
    EXPECT_EQ(n.ft_weights[0], 32767);
    EXPECT_EQ(n.ft_weights[1], -32768);
    EXPECT_EQ(n.l2_weights[0], 127);
    EXPECT_EQ(n.l2_weights[1], -127);
    EXPECT_EQ(n.l3_bias[0], BIAS_LIMIT);
    EXPECT_EQ(n.psqt_weights[0], -PSQT_LIMIT);
    EXPECT_EQ(n.out_weights[0], 0);
    EXPECT_EQ(n.out_weights[1], 127);
}

TEST(Quantize, DequantizeThenQuantizeIsTheIdentity) {
    const Network n = test::random_network(11);
    Network back = quantize(dequantize(n));
    back.description = n.description;
    EXPECT_TRUE(back == n);
}

TEST(Quantize, DequantizeIsWithinHalfAStepOfTheFloats) {
    const FloatNetwork f = test::random_float_network(12);
    const FloatNetwork d = dequantize(quantize(f));
    for (size_t i = 0; i < f.ft_weights.size(); i += 97)
        EXPECT_NEAR(d.ft_weights[i], f.ft_weights[i], 0.5 / arch::FT_SCALE + 1e-6);
    for (size_t i = 0; i < f.l2_weights.size(); ++i)
        EXPECT_NEAR(d.l2_weights[i], f.l2_weights[i], 0.5 / arch::WEIGHT_SCALE + 1e-6);
    EXPECT_NEAR(d.out_bias, f.out_bias, 0.5 / arch::OUTPUT_SCALE + 1e-7);
}

// A seed names the same net with every standard library and instruction set:
// the weights come from SplitMix64 and its sum-of-uniforms normal.
TEST(RandomNetwork, ASeedGivesTheseWeights) {
    const FloatNetwork f = test::random_float_network(7);
    EXPECT_EQ(f.ft_weights[0], -0x1.758946p-7f);
    EXPECT_EQ(f.ft_weights[1], -0x1.ab7434p-5f);
    EXPECT_EQ(f.ft_weights[12345], -0x1.78e044p-7f);
    EXPECT_EQ(f.ft_bias[0], 0x1.090b24p-3f);
    EXPECT_EQ(f.out_bias, -0x1.52a118p-5f);
    EXPECT_TRUE(test::random_network(7) == test::random_network(7));
    EXPECT_FALSE(test::random_network(7) == test::random_network(8));
}

}  // namespace
}  // namespace pantheon::nnue
