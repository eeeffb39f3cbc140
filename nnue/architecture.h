// The network, declared once: layer sizes, activations and quantization. The
// engine's integer inference, the net file and the trainer's float model all
// follow these constants; the architecture hash in a net file is derived from
// them, so a net loads only into the architecture it was made for.
//
//   features (features.h, per perspective)
//     -> feature transformer: DIMENSIONS x L1 (int16 weights, int16 bias),
//        plus a linear "PSQT" path: DIMENSIONS x 1 (int32, output scale)
//     -> per perspective: pairwise clipped product of the two halves of the
//        accumulator: min(max(a,0),1) * min(max(b,0),1), L1/2 values each;
//        side to move's half first, then the other side's  -> L2_IN values
//     -> dense L2_IN x L2, clipped ReLU -> dense L2 x L3, clipped ReLU
//     -> dense L3 x 1  (+ (psqt[stm] - psqt[other]) / 2)  = output
//   centipawns = output * OUTPUT_CP.
//
// The first layer's width is the one size a build chooses, per game
// (PANTHEON_NNUE_L1_<GAME> in nnue/CMakeLists.txt, 256 by default), so that
// a wider net can be tried without touching the code; its nets carry the
// width in their architecture hash and load only into a build of that width
// (`pantheon net widen` carries a net to a wider build, nnue/net_widen.h).
#pragma once

#include <cstdint>

#include "nnue/features.h"

namespace pantheon::nnue::arch {
PANTHEON_VARIANT_BEGIN

constexpr int INPUTS = features::DIMENSIONS;
#if !defined(PANTHEON_NNUE_L1)
#error "the build names the first layer's width (PANTHEON_NNUE_L1, nnue/CMakeLists.txt)"
#endif
constexpr int L1 = PANTHEON_NNUE_L1;  // accumulator width per perspective
constexpr int L2_IN = L1;         // both perspectives' pairwise products (2 x L1/2)
constexpr int L2 = 16;
constexpr int L3 = 32;

// --- quantization ----------------------------------------------------------------
// Feature transformer: int16 weights and bias = round(float * FT_SCALE); an
// activation of 1.0 is FT_SCALE. The pairwise product of two clipped values
// (each in [0, FT_SCALE]) is shifted right by PAIRWISE_SHIFT, giving
// [0, ACT_SCALE - 1] for the uint8 input of the first dense layer.
constexpr int FT_SCALE = 127;
constexpr int PAIRWISE_SHIFT = 7;
// Dense layers: int8 weights = round(float * WEIGHT_SCALE) (so |w| <= 127/64),
// int32 bias = round(float * ACT_SCALE * WEIGHT_SCALE); the int32 sum is
// shifted right by WEIGHT_SHIFT and clipped to [0, ACT_SCALE] for the next layer.
constexpr int ACT_SCALE = 127;
constexpr int WEIGHT_SCALE = 64;
constexpr int WEIGHT_SHIFT = 6;
constexpr float DENSE_WEIGHT_LIMIT = 127.0f / WEIGHT_SCALE;  // trainer clips to this
// The output layer's int32 sum and the PSQT path are both at
// OUTPUT_SCALE = ACT_SCALE * WEIGHT_SCALE; PSQT weights are int32 =
// round(float * OUTPUT_SCALE).
constexpr int OUTPUT_SCALE = ACT_SCALE * WEIGHT_SCALE;
// One unit of the float output is this many centipawns.
constexpr int OUTPUT_CP = 400;

// The accumulator kernels keep eight 512-bit registers live, 256 values, at
// a time (kernels.h); the dense layer's int32 sums stay far inside their
// range up to 1024 inputs (network.h).
static_assert(L1 % 256 == 0 && L1 <= 1024 && L2_IN == L1);
static_assert(1 << WEIGHT_SHIFT == WEIGHT_SCALE);

// Hash of the declared architecture with a first layer `width` wide, written
// into and checked by net files.
constexpr uint32_t hash_for_width(int width) {
    uint32_t h = 0x9E3779B9u ^ features::FEATURE_SET_ID;
    for (uint32_t v : {uint32_t(INPUTS), uint32_t(width), uint32_t(L2), uint32_t(L3),
                       uint32_t(FT_SCALE), uint32_t(PAIRWISE_SHIFT), uint32_t(WEIGHT_SCALE),
                       uint32_t(OUTPUT_CP), 1u /* psqt path */, 1u /* pairwise */}) {
        h ^= v + 0x9E3779B9u + (h << 6) + (h >> 2);
    }
    return h;
}

// This build's architecture.
constexpr uint32_t hash() {
    return hash_for_width(L1);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue::arch
