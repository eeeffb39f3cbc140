// The quantized network the engine evaluates with (architecture.h says how each
// float parameter becomes an integer), and the conversions from and to the
// trainer's float parameters.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "nnue/aligned.h"
#include "nnue/architecture.h"
#include "nnue/float_network.h"

namespace pantheon::nnue {

// Range limits beyond the integer types' own, so no int32 sum of the inference
// can overflow: a dense layer's products sum to at most 256 * 127 * 127 < 2^22,
// and a perspective's PSQT sum to ACTIVE_FEATURES * PSQT_LIMIT < 2^30. In float
// terms the limits are far beyond anything a trained net uses (2^24 /
// OUTPUT_SCALE is over 2000 output units).
constexpr int32_t BIAS_LIMIT = 1 << 24;
constexpr int32_t PSQT_LIMIT = 1 << 24;
constexpr int DENSE_WEIGHT_MAX = 127;  // int8 weights are symmetric: [-127, 127]

struct Network {
    // One row of L1 weights per input feature (the row a feature adds).
    AlignedVector<int16_t> ft_weights = AlignedVector<int16_t>(size_t(arch::INPUTS) * arch::L1);
    AlignedVector<int16_t> ft_bias = AlignedVector<int16_t>(arch::L1);
    AlignedVector<int32_t> psqt_weights = AlignedVector<int32_t>(arch::INPUTS);
    // Dense layers: row-major, one row per output.
    AlignedVector<int8_t> l2_weights = AlignedVector<int8_t>(size_t(arch::L2) * arch::L2_IN);
    std::array<int32_t, arch::L2> l2_bias{};
    AlignedVector<int8_t> l3_weights = AlignedVector<int8_t>(size_t(arch::L3) * arch::L2);
    std::array<int32_t, arch::L3> l3_bias{};
    AlignedVector<int8_t> out_weights = AlignedVector<int8_t>(arch::L3);
    int32_t out_bias = 0;
    std::string description;  // free text stored in the net file

    bool operator==(const Network&) const = default;
};

// Rounds each parameter to the nearest integer at its scale (halves away from
// zero) and clips it to its type's range (dense weights to +-127, biases and
// PSQT weights to the limits above).
Network quantize(const FloatNetwork& f);
// The float parameters a quantized net stands for (integer / scale).
FloatNetwork dequantize(const Network& n);

// A 64-bit hash of the parameters (not the description): names a net in
// manifests and reports.
uint64_t network_hash(const Network& n);

}  // namespace pantheon::nnue
