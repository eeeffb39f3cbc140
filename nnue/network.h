// The quantized network the engine evaluates with (architecture.h says how each
// float parameter becomes an integer), and the conversions from and to the
// trainer's float parameters.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>

#include "nnue/aligned.h"
#include "nnue/architecture.h"
#include "nnue/float_network.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

// Range limits beyond the integer types' own, so no int32 sum of the inference
// can overflow: a dense layer's products sum to at most 1024 * 127 * 127 < 2^24,
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

// Calls f(pointer, count) for every parameter array, in the net file's order
// (works on const and mutable networks).
template <class Net, class F>
void for_each_parameter_array(Net& n, F&& f) {
    f(n.ft_bias.data(), n.ft_bias.size());
    f(n.ft_weights.data(), n.ft_weights.size());
    f(n.psqt_weights.data(), n.psqt_weights.size());
    f(n.l2_weights.data(), n.l2_weights.size());
    f(n.l2_bias.data(), n.l2_bias.size());
    f(n.l3_weights.data(), n.l3_weights.size());
    f(n.l3_bias.data(), n.l3_bias.size());
    f(n.out_weights.data(), n.out_weights.size());
    f(&n.out_bias, size_t(1));
}

// One float parameter at its scale: rounded to the nearest integer (halves
// away from zero) and clipped to [lo, hi]; NaN becomes zero.
template <class Int>
Int quantize_value(float v, double scale, int64_t lo, int64_t hi) {
    const double r = std::round(double(v) * scale);
    if (std::isnan(r)) return Int(0);
    return Int(int64_t(std::clamp(r, double(lo), double(hi))));
}

// Rounds each parameter to the nearest integer at its scale (halves away from
// zero) and clips it to its type's range (dense weights to +-127, biases and
// PSQT weights to the limits above).
Network quantize(const FloatNetwork& f);
// The float parameters a quantized net stands for (integer / scale).
FloatNetwork dequantize(const Network& n);

// A 64-bit hash of the parameters (not the description): names a net in
// manifests and reports.
uint64_t network_hash(const Network& n);

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
