// The network's parameters in float, laid out as architecture.h declares: what
// the trainer optimises and what quantization turns into the engine's net.
// Matrices are row-major with one row per output ("out x in"), except the
// feature transformer, which has one row of L1 weights per input feature
// (the row a feature adds to the accumulator).
#pragma once

#include <vector>

#include "nnue/architecture.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

struct FloatNetwork {
    std::vector<float> ft_weights = std::vector<float>(size_t(arch::INPUTS) * arch::L1);
    std::vector<float> ft_bias = std::vector<float>(arch::L1);
    std::vector<float> psqt_weights = std::vector<float>(arch::INPUTS);
    std::vector<float> l2_weights = std::vector<float>(size_t(arch::L2) * arch::L2_IN);
    std::vector<float> l2_bias = std::vector<float>(arch::L2);
    std::vector<float> l3_weights = std::vector<float>(size_t(arch::L3) * arch::L2);
    std::vector<float> l3_bias = std::vector<float>(arch::L3);
    std::vector<float> out_weights = std::vector<float>(arch::L3);
    float out_bias = 0.0f;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
