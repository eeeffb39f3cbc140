// The element-wise pieces of the network pass (network_pass.h): the clipped
// activations and the loss sigmoid, the net file's resolution of a weight,
// and the transformer's row kernels. For the pass's own files only.
#pragma once

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "trainer/model.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

namespace pass {

inline float clip01(float x) {
    return std::min(std::max(x, 0.0f), 1.0f);
}
inline float passes(float x) {
    return x > 0.0f && x < 1.0f ? 1.0f : 0.0f;
}
inline float sigmoid(float x) {
    return 1.0f / (1.0f + std::exp(-x));
}

// A value at the resolution of its integer in the net file (nnue::quantize
// rounds half away from zero, as std::round does).
inline float at_resolution(float x, float scale) {
    return std::round(x * scale) / scale;
}

// The transformer's row kernels. Each element is summed in the same order in
// the SIMD and the scalar version (rows in list order), so both give the same
// bits. With AVX-512 a whole accumulator of 256 floats stays in 16 registers
// (a wider first layer, architecture.h, spills some).
// They are inlined by force into the per-perspective loops that call them:
// GCC otherwise keeps them out of line, as their register array grows the
// small caller's stack frame past its limit, and a call per perspective costs.
#if defined(__AVX512F__)
constexpr int LANE_FLOATS = 16;
constexpr int REGS = L1 / LANE_FLOATS;

// acc = bias + sum of the rows table[idx[k]].
[[gnu::always_inline]] inline void accumulate(const float* bias, const float* table,
                                              const uint32_t* idx, float* acc) {
    __m512 r[REGS];
    for (int c = 0; c < REGS; ++c) r[c] = _mm512_loadu_ps(bias + c * LANE_FLOATS);
    for (int k = 0; k < ACTIVE; ++k) {
        const float* row = table + size_t(idx[k]) * L1;
        for (int c = 0; c < REGS; ++c)
            r[c] = _mm512_add_ps(r[c], _mm512_loadu_ps(row + c * LANE_FLOATS));
    }
    for (int c = 0; c < REGS; ++c) _mm512_storeu_ps(acc + c * LANE_FLOATS, r[c]);
}

// table[idx[k]] += d and psqt[idx[k]] += dpsqt for every k. A row not yet
// touched (touched[row] == 0) is written as 0 + d, the bits an add to a
// zeroed row gives, so the tables need no zeroing.
[[gnu::always_inline]] inline void scatter_add(const float* d, float dpsqt, float* table,
                                               float* psqt, uint8_t* touched, const uint32_t* idx) {
    __m512 r[REGS];
    for (int c = 0; c < REGS; ++c) r[c] = _mm512_loadu_ps(d + c * LANE_FLOATS);
    for (int k = 0; k < ACTIVE; ++k) {
        const uint32_t u = idx[k];
        float* row = table + size_t(u) * L1;
        if (touched[u]) {
            for (int c = 0; c < REGS; ++c)
                _mm512_storeu_ps(row + c * LANE_FLOATS,
                                 _mm512_add_ps(_mm512_loadu_ps(row + c * LANE_FLOATS), r[c]));
            psqt[u] += dpsqt;
        } else {
            touched[u] = 1;
            for (int c = 0; c < REGS; ++c)
                _mm512_storeu_ps(row + c * LANE_FLOATS, _mm512_add_ps(_mm512_setzero_ps(), r[c]));
            psqt[u] = 0.0f + dpsqt;
        }
    }
}
#else
[[gnu::always_inline]] inline void accumulate(const float* bias, const float* table,
                                              const uint32_t* idx, float* acc) {
    for (int i = 0; i < L1; ++i) acc[i] = bias[i];
    for (int k = 0; k < ACTIVE; ++k) {
        const float* row = table + size_t(idx[k]) * L1;
        for (int i = 0; i < L1; ++i) acc[i] += row[i];
    }
}

[[gnu::always_inline]] inline void scatter_add(const float* d, float dpsqt, float* table,
                                               float* psqt, uint8_t* touched, const uint32_t* idx) {
    for (int k = 0; k < ACTIVE; ++k) {
        const uint32_t u = idx[k];
        float* row = table + size_t(u) * L1;
        if (!touched[u]) {
            touched[u] = 1;
            for (int i = 0; i < L1; ++i) row[i] = 0.0f + d[i];
            psqt[u] = 0.0f + dpsqt;
        } else {
            for (int i = 0; i < L1; ++i) row[i] += d[i];
            psqt[u] += dpsqt;
        }
    }
}
#endif

// Rows are fetched ahead: the first cache lines of each row of the next
// perspective (the hardware prefetcher follows the rest of a row), so the
// miss latency of the next rows overlaps the arithmetic of the current ones.
constexpr int PREFETCH_LINES = 4;
inline void prefetch_rows(const float* table, const uint32_t* idx, bool for_write) {
    for (int k = 0; k < ACTIVE; ++k) {
        const char* row = reinterpret_cast<const char*>(table + size_t(idx[k]) * L1);
        for (int l = 0; l < PREFETCH_LINES; ++l) {
            if (for_write)
                __builtin_prefetch(row + 64 * l, 1, 3);
            else
                __builtin_prefetch(row + 64 * l, 0, 3);
        }
    }
}

}  // namespace pass

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
