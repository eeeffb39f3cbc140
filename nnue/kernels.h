// The inference's hot loops, written once against the SIMD operations
// (simd.h) and once as the scalar reference (inference.h). Kernels<B> for
// every backend B gives identical integers.
#pragma once

#include <algorithm>
#include <cstring>

#include "nnue/inference.h"
#include "nnue/simd.h"

namespace pantheon::nnue {

// Rows (of L1 int16) added to and subtracted from an accumulator in one pass.
struct RowChanges {
    static constexpr int MAX = 2 * features::MAX_CHANGED_FEATURES;
    const int16_t* add[MAX];
    const int16_t* sub[MAX];
    int adds = 0, subs = 0;
};

template <class B>
struct Kernels {
    // dst = src + added rows - subtracted rows (dst may equal src).
    static void update(int16_t* dst, const int16_t* src, const RowChanges& c) {
        constexpr int LANES = B::BYTES / 2;
        constexpr int REGS = arch::L1 / LANES;
        constexpr int BLOCK = REGS < 8 ? REGS : 8;  // registers kept live at once
        static_assert(REGS % BLOCK == 0);
        for (int b = 0; b < REGS; b += BLOCK) {
            typename B::Vec r[BLOCK];
            for (int k = 0; k < BLOCK; ++k) r[k] = B::load(src + (b + k) * LANES);
            for (int a = 0; a < c.adds; ++a)
                for (int k = 0; k < BLOCK; ++k)
                    r[k] = B::add16(r[k], B::load(c.add[a] + (b + k) * LANES));
            for (int s = 0; s < c.subs; ++s)
                for (int k = 0; k < BLOCK; ++k)
                    r[k] = B::sub16(r[k], B::load(c.sub[s] + (b + k) * LANES));
            for (int k = 0; k < BLOCK; ++k) B::store(dst + (b + k) * LANES, r[k]);
        }
    }

    // Pairwise clipped products of one accumulator: L1/2 bytes.
    static void pairwise(const int16_t* acc, uint8_t* out) {
        constexpr int LANES = B::BYTES / 2;
        constexpr int HALF = arch::L1 / 2;
        for (int i = 0; i < HALF; i += 2 * LANES) {
            const auto p0 =
                B::mul_shift16(B::clamp16(B::load(acc + i)), B::clamp16(B::load(acc + HALF + i)));
            const auto p1 = B::mul_shift16(B::clamp16(B::load(acc + i + LANES)),
                                           B::clamp16(B::load(acc + HALF + i + LANES)));
            B::store(out + i, B::pack_u8(p0, p1));
        }
    }

    // The first dense layer: L2_IN bytes in, L2 clipped bytes out.
    static void dense_l2(const Network& net, const uint8_t* in, uint8_t* out, int32_t* sums) {
        constexpr int CHUNKS = arch::L2_IN / B::BYTES;
        typename B::Vec x[CHUNKS];
        for (int c = 0; c < CHUNKS; ++c) x[c] = B::load(in + c * B::BYTES);
        for (int o = 0; o < arch::L2; ++o) {
            const int8_t* row = net.l2_weights.data() + size_t(o) * arch::L2_IN;
            auto acc = B::zero();
            for (int c = 0; c < CHUNKS; ++c)
                acc = B::dot_u8i8(acc, x[c], B::load(row + c * B::BYTES));
            const int32_t sum = net.l2_bias[o] + B::hsum32(acc);
            if (sums) sums[o] = sum;
            out[o] = uint8_t(std::clamp(sum >> arch::WEIGHT_SHIFT, 0, arch::ACT_SCALE));
        }
    }
};

template <>
struct Kernels<simd::Scalar> {
    static void update(int16_t* dst, const int16_t* src, const RowChanges& c) {
        if (dst != src) std::memcpy(dst, src, sizeof(int16_t) * arch::L1);
        for (int a = 0; a < c.adds; ++a) scalar::add_row(dst, c.add[a]);
        for (int s = 0; s < c.subs; ++s) scalar::sub_row(dst, c.sub[s]);
    }
    static void pairwise(const int16_t* acc, uint8_t* out) { scalar::pairwise(acc, out); }
    static void dense_l2(const Network& net, const uint8_t* in, uint8_t* out, int32_t* sums) {
        scalar::dense_clipped<arch::L2_IN, arch::L2>(net.l2_weights.data(), net.l2_bias.data(), in,
                                                     out, sums);
    }
};

// The forward pass from both accumulators (side to move first) to centipawns.
// The small last layers are scalar in every backend.
template <class B>
int propagate(const Network& net, const int16_t* acc_stm, const int16_t* acc_other,
              int32_t psqt_stm, int32_t psqt_other, LayerOutputs* trace = nullptr) {
    alignas(CACHE_LINE) uint8_t l2_in[arch::L2_IN];
    alignas(CACHE_LINE) uint8_t l2_out[arch::L2];
    alignas(CACHE_LINE) uint8_t l3_out[arch::L3];
    Kernels<B>::pairwise(acc_stm, l2_in);
    Kernels<B>::pairwise(acc_other, l2_in + arch::L1 / 2);
    Kernels<B>::dense_l2(net, l2_in, l2_out, trace ? trace->l2_sum.data() : nullptr);
    scalar::dense_clipped<arch::L2, arch::L3>(net.l3_weights.data(), net.l3_bias.data(), l2_out,
                                              l3_out, trace ? trace->l3_sum.data() : nullptr);
    const int32_t dense = scalar::output_sum(net, l3_out);
    const int32_t output = combine_output(dense, psqt_stm, psqt_other);
    const int cp = output_centipawns(output);
    if (trace) {
        std::memcpy(trace->l2_input.data(), l2_in, sizeof l2_in);
        std::memcpy(trace->l2_output.data(), l2_out, sizeof l2_out);
        std::memcpy(trace->l3_output.data(), l3_out, sizeof l3_out);
        trace->psqt = {psqt_stm, psqt_other};
        trace->dense_output = dense;
        trace->output = output;
        trace->centipawns = cp;
    }
    return cp;
}

}  // namespace pantheon::nnue
