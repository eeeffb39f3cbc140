// The network's forward pass from accumulators to centipawns, in integer
// arithmetic exactly as architecture.h declares. This is the scalar
// reference; the SIMD kernels (kernels.h) must produce the same integers.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "nnue/network.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

// Every intermediate value of one evaluation (for `pantheon eval` and tests).
struct LayerOutputs {
    std::array<int32_t, 2> psqt{};  // side to move's PSQT sum, then the other side's
    std::array<uint8_t, arch::L2_IN> l2_input{};
    std::array<int32_t, arch::L2> l2_sum{};  // before the shift and clipping
    std::array<uint8_t, arch::L2> l2_output{};
    std::array<int32_t, arch::L3> l3_sum{};
    std::array<uint8_t, arch::L3> l3_output{};
    int32_t dense_output = 0;  // the output layer's sum (OUTPUT_SCALE)
    int32_t output = 0;        // plus the PSQT half-difference (OUTPUT_SCALE)
    int centipawns = 0;
};

namespace scalar {

// Adds or subtracts one feature's row: int16 arithmetic wraps like the SIMD
// adds (a trained net stays far from the limits; wrapping keeps both paths equal).
inline void add_row(int16_t* acc, const int16_t* row) {
    for (int i = 0; i < arch::L1; ++i) acc[i] = int16_t(uint16_t(acc[i]) + uint16_t(row[i]));
}
inline void sub_row(int16_t* acc, const int16_t* row) {
    for (int i = 0; i < arch::L1; ++i) acc[i] = int16_t(uint16_t(acc[i]) - uint16_t(row[i]));
}

// Pairwise clipped product of one perspective's accumulator: L1/2 values.
void pairwise(const int16_t* acc, uint8_t* out);

// One dense layer with clipped ReLU: out[o] = clip((bias[o] + w[o].in) >> WEIGHT_SHIFT).
// sums (optional) receives the int32 sums before the shift. The sizes are
// template parameters so the compiler can unroll and vectorise the small layers.
template <int INPUTS, int OUTPUTS>
void dense_clipped(const int8_t* weights, const int32_t* bias, const uint8_t* in, uint8_t* out,
                   int32_t* sums) {
    for (int o = 0; o < OUTPUTS; ++o) {
        int32_t sum = 0;
        const int8_t* row = weights + size_t(o) * INPUTS;
        for (int i = 0; i < INPUTS; ++i) sum += int32_t(in[i]) * row[i];
        sum += bias[o];
        if (sums) sums[o] = sum;
        out[o] = uint8_t(std::clamp(sum >> arch::WEIGHT_SHIFT, 0, arch::ACT_SCALE));
    }
}

// The output layer's sum (OUTPUT_SCALE).
int32_t output_sum(const Network& net, const uint8_t* l3_out);

}  // namespace scalar

// Output (OUTPUT_SCALE) from the dense output and both perspectives' PSQT sums.
constexpr int32_t combine_output(int32_t dense, int32_t psqt_stm, int32_t psqt_other) {
    return dense + (psqt_stm - psqt_other) / 2;
}
// Centipawns: output * OUTPUT_CP / OUTPUT_SCALE, rounded toward zero.
constexpr int output_centipawns(int32_t output) {
    return int(int64_t(output) * arch::OUTPUT_CP / arch::OUTPUT_SCALE);
}

// The whole forward pass from the two accumulators, scalar. Returns
// centipawns from the side to move's view; trace (optional) gets every layer.
int propagate_scalar(const Network& net, const int16_t* acc_stm, const int16_t* acc_other,
                     int32_t psqt_stm, int32_t psqt_other, LayerOutputs* trace = nullptr);

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
