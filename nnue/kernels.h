// The inference's hot loops, written once against the SIMD operations
// (simd.h) and once as the scalar reference (inference.h). Kernels<B> for
// every backend B gives identical integers.
#pragma once

#include <algorithm>
#include <cstring>

#include "nnue/inference.h"
#include "nnue/simd.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

// Rows (of L1 int16) added to and subtracted from an accumulator in one pass.
struct RowChanges {
    static constexpr int MAX = 2 * features::MAX_CHANGED_FEATURES;
    const int16_t* add[MAX];
    const int16_t* sub[MAX];
    int adds = 0, subs = 0;
};

// The first dense layer's weights regrouped for SIMD: for each group of four
// inputs, the four weights of every output in turn ([i / 4][o][i % 4]), so one
// broadcast of four input bytes meets a whole vector of outputs and no
// horizontal sums are needed. Built once per network user (it is small).
struct GroupedL2Weights {
    alignas(CACHE_LINE) int8_t w[arch::L2_IN * arch::L2];
    explicit GroupedL2Weights(const Network& net) {
        for (int o = 0; o < arch::L2; ++o)
            for (int i = 0; i < arch::L2_IN; ++i)
                w[(i / 4) * arch::L2 * 4 + o * 4 + i % 4] =
                    net.l2_weights[size_t(o) * arch::L2_IN + i];
    }
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
    static void dense_l2(const Network& net, const GroupedL2Weights& g, const uint8_t* in,
                         uint8_t* out, int32_t* sums) {
        constexpr int OUT_REGS = arch::L2 * 4 / B::BYTES;  // int32 vectors holding all outputs
        constexpr int CHAINS = 4;  // independent sums, so the dot products can overlap
        static_assert(OUT_REGS >= 1 && arch::L2 * 4 % B::BYTES == 0);
        static_assert(arch::L2_IN % (4 * CHAINS) == 0);
        typename B::Vec acc[CHAINS][OUT_REGS];
        for (int c = 0; c < CHAINS; ++c)
            for (int r = 0; r < OUT_REGS; ++r) acc[c][r] = B::zero();
        for (int i = 0; i < arch::L2_IN; i += 4 * CHAINS)
            for (int c = 0; c < CHAINS; ++c) {
                int32_t four;
                std::memcpy(&four, in + i + 4 * c, 4);
                const auto x = B::set1_32(four);
                const int8_t* w = g.w + (i + 4 * c) * arch::L2;
                for (int r = 0; r < OUT_REGS; ++r)
                    acc[c][r] = B::dot_u8i8(acc[c][r], x, B::load(w + r * B::BYTES));
            }
        alignas(CACHE_LINE) int32_t total[arch::L2];
        for (int r = 0; r < OUT_REGS; ++r) {
            auto v = acc[0][r];
            for (int c = 1; c < CHAINS; ++c) v = B::add32(v, acc[c][r]);
            B::store(total + r * (B::BYTES / 4), v);
        }
        for (int o = 0; o < arch::L2; ++o) {
            const int32_t sum = total[o] + net.l2_bias[o];
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
    static void dense_l2(const Network& net, const GroupedL2Weights&, const uint8_t* in,
                         uint8_t* out, int32_t* sums) {
        scalar::dense_clipped<arch::L2_IN, arch::L2>(net.l2_weights.data(), net.l2_bias.data(), in,
                                                     out, sums);
    }
};

// The forward pass from both accumulators (side to move first) to centipawns.
// The small last layers are scalar in every backend.
template <class B>
int propagate(const Network& net, const GroupedL2Weights& grouped, const int16_t* acc_stm,
              const int16_t* acc_other, int32_t psqt_stm, int32_t psqt_other,
              LayerOutputs* trace = nullptr) {
    using F = typename simd::ForwardOf<B>::type;
    alignas(CACHE_LINE) uint8_t l2_in[arch::L2_IN];
    alignas(CACHE_LINE) uint8_t l2_out[arch::L2];
    alignas(CACHE_LINE) uint8_t l3_out[arch::L3];
    Kernels<F>::pairwise(acc_stm, l2_in);
    Kernels<F>::pairwise(acc_other, l2_in + arch::L1 / 2);
    Kernels<F>::dense_l2(net, grouped, l2_in, l2_out, trace ? trace->l2_sum.data() : nullptr);
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

// The same, regrouping the weights first (for one-off evaluations and tests).
template <class B>
int propagate(const Network& net, const int16_t* acc_stm, const int16_t* acc_other,
              int32_t psqt_stm, int32_t psqt_other, LayerOutputs* trace = nullptr) {
    const GroupedL2Weights grouped(net);
    return propagate<B>(net, grouped, acc_stm, acc_other, psqt_stm, psqt_other, trace);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
