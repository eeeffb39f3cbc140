// The SIMD abstraction: one small struct of operations per instruction set,
// chosen at compile time. Kernels (kernels.h) are written once against these
// operations; the scalar backend is the plain loops of inference.h, and every
// backend must give the same integers (tests compare them all).
//
// Operations (Vec holds BYTES bytes):
//   load/store (aligned), zero, add16/sub16 (wrapping int16), add32, set1_32,
//   clamp16(v, 0, 127)        (clip each int16 to [0, FT_SCALE]),
//   mul_shift16(a, b)         ((a * b) >> PAIRWISE_SHIFT for products < 2^15),
//   pack_u8(a, b)             (int16 values in [0, 255] to bytes, a then b, in order),
//   dot_u8i8(acc, u, w)       (acc's int32 lanes += sum of 4 adjacent u8*i8 products),
//   hsum32(v)                 (sum of the int32 lanes).
// dot_u8i8 without VNNI pairs products into int16 before widening; that never
// saturates because inputs are at most 127 and weights at most 127 in
// magnitude (2 * 127 * 127 < 2^15), so VNNI and non-VNNI agree exactly.
#pragma once

#include <cstdint>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "nnue/architecture.h"

namespace pantheon::nnue::simd {
PANTHEON_VARIANT_BEGIN

// The plain loops of inference.h.
struct Scalar {
    static constexpr const char* name = "scalar";
};

#if defined(__AVX2__)
struct Avx2 {
    static constexpr const char* name = "avx2";
    using Vec = __m256i;
    static constexpr int BYTES = 32;
    static Vec load(const void* p) { return _mm256_load_si256(static_cast<const Vec*>(p)); }
    static void store(void* p, Vec v) { _mm256_store_si256(static_cast<Vec*>(p), v); }
    static Vec zero() { return _mm256_setzero_si256(); }
    static Vec add16(Vec a, Vec b) { return _mm256_add_epi16(a, b); }
    static Vec add32(Vec a, Vec b) { return _mm256_add_epi32(a, b); }
    static Vec set1_32(int32_t v) { return _mm256_set1_epi32(v); }
    static Vec sub16(Vec a, Vec b) { return _mm256_sub_epi16(a, b); }
    static Vec clamp16(Vec v) {
        return _mm256_min_epi16(_mm256_max_epi16(v, zero()), _mm256_set1_epi16(arch::FT_SCALE));
    }
    static Vec mul_shift16(Vec a, Vec b) {
        return _mm256_srli_epi16(_mm256_mullo_epi16(a, b), arch::PAIRWISE_SHIFT);
    }
    static Vec pack_u8(Vec a, Vec b) {
        // packus interleaves the 128-bit lanes; restore the order.
        return _mm256_permute4x64_epi64(_mm256_packus_epi16(a, b), 0b11011000);
    }
    static Vec dot_u8i8(Vec acc, Vec u, Vec w) {
#if defined(__AVXVNNI__) || (defined(__AVX512VNNI__) && defined(__AVX512VL__))
        return _mm256_dpbusd_epi32(acc, u, w);
#else
        const Vec pairs = _mm256_maddubs_epi16(u, w);
        return _mm256_add_epi32(acc, _mm256_madd_epi16(pairs, _mm256_set1_epi16(1)));
#endif
    }
    static int32_t hsum32(Vec v) {
        __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
        s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b01001110));
        s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b10110001));
        return _mm_cvtsi128_si32(s);
    }
};
#endif

#if defined(__AVX512BW__)
struct Avx512 {
    static constexpr const char* name = "avx512";
    using Vec = __m512i;
    static constexpr int BYTES = 64;
    static Vec load(const void* p) { return _mm512_load_si512(p); }
    static void store(void* p, Vec v) { _mm512_store_si512(p, v); }
    static Vec zero() { return _mm512_setzero_si512(); }
    static Vec add16(Vec a, Vec b) { return _mm512_add_epi16(a, b); }
    static Vec add32(Vec a, Vec b) { return _mm512_add_epi32(a, b); }
    static Vec set1_32(int32_t v) { return _mm512_set1_epi32(v); }
    static Vec sub16(Vec a, Vec b) { return _mm512_sub_epi16(a, b); }
    static Vec clamp16(Vec v) {
        return _mm512_min_epi16(_mm512_max_epi16(v, zero()), _mm512_set1_epi16(arch::FT_SCALE));
    }
    static Vec mul_shift16(Vec a, Vec b) {
        return _mm512_srli_epi16(_mm512_mullo_epi16(a, b), arch::PAIRWISE_SHIFT);
    }
    static Vec pack_u8(Vec a, Vec b) {
        // packus works per 128-bit lane: gather the lanes' halves back in order.
        const Vec order = _mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7);
        return _mm512_maskz_permutexvar_epi64(0xFF, order, _mm512_packus_epi16(a, b));
    }
    static Vec dot_u8i8(Vec acc, Vec u, Vec w) {
#if defined(__AVX512VNNI__)
        return _mm512_dpbusd_epi32(acc, u, w);
#else
        const Vec pairs = _mm512_maddubs_epi16(u, w);
        return _mm512_add_epi32(acc, _mm512_madd_epi16(pairs, _mm512_set1_epi16(1)));
#endif
    }
    static int32_t hsum32(Vec v) {
        // (maskz forms: GCC 12 warns about the unmasked intrinsics' undefined operand)
        const __m256i s = _mm256_add_epi32(_mm512_maskz_extracti64x4_epi64(0xF, v, 0),
                                           _mm512_maskz_extracti64x4_epi64(0xF, v, 1));
        return Avx2::hsum32(s);
    }
};
#endif

// The backend of the forward pass (pairwise product and dense layer) for a
// given accumulator backend. With AVX-512 the forward pass stays on 256-bit
// vectors: measured (bench nnue) 114 ns per pass against 163 ns with 512-bit
// multiplies, which lower the clock; accumulator updates (additions only)
// gain from 512 bits.
template <class B>
struct ForwardOf {
    using type = B;
};
#if defined(__AVX512BW__)
template <>
struct ForwardOf<Avx512> {
    using type = Avx2;
};
#endif

// The widest backend this build supports: what the engine uses.
#if defined(__AVX512BW__)
using Native = Avx512;
#elif defined(__AVX2__)
using Native = Avx2;
#else
using Native = Scalar;
#endif

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue::simd
