#include "nnue/network.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "engine/core/checksum.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

namespace {

template <class Int, class Vec>
void quantize_all(const std::vector<float>& in, Vec& out, double scale, int64_t lo, int64_t hi) {
    for (size_t i = 0; i < in.size(); ++i) out[i] = quantize_value<Int>(in[i], scale, lo, hi);
}

template <class Vec>
void dequantize_all(const Vec& in, std::vector<float>& out, double scale) {
    for (size_t i = 0; i < out.size(); ++i) out[i] = float(double(in[i]) / scale);
}

constexpr int64_t I16_MIN = std::numeric_limits<int16_t>::min();
constexpr int64_t I16_MAX = std::numeric_limits<int16_t>::max();
constexpr double DENSE_BIAS_SCALE = double(arch::ACT_SCALE) * arch::WEIGHT_SCALE;

}  // namespace

Network quantize(const FloatNetwork& f) {
    Network n;
    quantize_all<int16_t>(f.ft_weights, n.ft_weights, arch::FT_SCALE, I16_MIN, I16_MAX);
    quantize_all<int16_t>(f.ft_bias, n.ft_bias, arch::FT_SCALE, I16_MIN, I16_MAX);
    quantize_all<int32_t>(f.psqt_weights, n.psqt_weights, arch::OUTPUT_SCALE, -PSQT_LIMIT,
                          PSQT_LIMIT);
    quantize_all<int8_t>(f.l2_weights, n.l2_weights, arch::WEIGHT_SCALE, -DENSE_WEIGHT_MAX,
                         DENSE_WEIGHT_MAX);
    quantize_all<int32_t>(f.l2_bias, n.l2_bias, DENSE_BIAS_SCALE, -BIAS_LIMIT, BIAS_LIMIT);
    quantize_all<int8_t>(f.l3_weights, n.l3_weights, arch::WEIGHT_SCALE, -DENSE_WEIGHT_MAX,
                         DENSE_WEIGHT_MAX);
    quantize_all<int32_t>(f.l3_bias, n.l3_bias, DENSE_BIAS_SCALE, -BIAS_LIMIT, BIAS_LIMIT);
    quantize_all<int8_t>(f.out_weights, n.out_weights, arch::WEIGHT_SCALE, -DENSE_WEIGHT_MAX,
                         DENSE_WEIGHT_MAX);
    n.out_bias = quantize_value<int32_t>(f.out_bias, arch::OUTPUT_SCALE, -BIAS_LIMIT, BIAS_LIMIT);
    return n;
}

FloatNetwork dequantize(const Network& n) {
    FloatNetwork f;
    dequantize_all(n.ft_weights, f.ft_weights, arch::FT_SCALE);
    dequantize_all(n.ft_bias, f.ft_bias, arch::FT_SCALE);
    dequantize_all(n.psqt_weights, f.psqt_weights, arch::OUTPUT_SCALE);
    dequantize_all(n.l2_weights, f.l2_weights, arch::WEIGHT_SCALE);
    dequantize_all(n.l2_bias, f.l2_bias, DENSE_BIAS_SCALE);
    dequantize_all(n.l3_weights, f.l3_weights, arch::WEIGHT_SCALE);
    dequantize_all(n.l3_bias, f.l3_bias, DENSE_BIAS_SCALE);
    dequantize_all(n.out_weights, f.out_weights, arch::WEIGHT_SCALE);
    f.out_bias = float(double(n.out_bias) / arch::OUTPUT_SCALE);
    return f;
}

uint64_t network_hash(const Network& n) {
    Checksum64 h;
    auto add = [&](const auto* data, size_t count) {
        h.update({reinterpret_cast<const uint8_t*>(data), sizeof(*data) * count});
    };
    for_each_parameter_array(n, add);
    return h.digest();
}

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
