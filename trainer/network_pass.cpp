#include "trainer/network_pass.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

#include "util/cpu_time.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

namespace {

// Positions per slice: a slice's accumulators (SLICE x 2 x L1 floats) and
// dense activations stay in the core's L2 cache.
constexpr int SLICE = 256;
// Fixed groups of slices, each summing its rows' gradients into its own table
// (slices of a lane in order, lanes added in order): race-free, and the same
// bits with any number of threads. Hot rows stay in the core's cache.
constexpr int LANES = 4;

using util::PhaseTimer;
using util::thread_cpu_seconds;

using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic>;  // column = position
using RowVector = Eigen::Matrix<float, 1, Eigen::Dynamic>;
template <int R, int C>
using WeightMap = Eigen::Map<const Eigen::Matrix<float, R, C, Eigen::RowMajor>>;
template <int R, int C>
using GradMap = Eigen::Map<Eigen::Matrix<float, R, C, Eigen::RowMajor>>;
template <int N>
using VecMap = Eigen::Map<const Eigen::Matrix<float, N, 1>>;

inline float clip01(float x) {
    return std::min(std::max(x, 0.0f), 1.0f);
}
inline float passes(float x) {
    return x > 0.0f && x < 1.0f ? 1.0f : 0.0f;
}
inline float sigmoid(float x) {
    return 1.0f / (1.0f + std::exp(-x));
}

// The transformer's row kernels. Each element is summed in the same order in
// the SIMD and the scalar version (rows in list order), so both give the same
// bits. With AVX-512 a whole accumulator (256 floats) stays in 16 registers.
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

// Gradients of the dense layers (and the bias) from one slice.
struct SliceGrads {
    double loss = 0;
    Eigen::Matrix<float, L2, L2_IN, Eigen::RowMajor> l2_weights;
    Eigen::Matrix<float, L2, 1> l2_bias;
    Eigen::Matrix<float, L3, L2, Eigen::RowMajor> l3_weights;
    Eigen::Matrix<float, L3, 1> l3_bias;
    Eigen::Matrix<float, L3, 1> out_weights;
    float out_bias = 0;
    Eigen::Matrix<float, L1, 1> ft_bias;
    double transformer_seconds = 0, dense_seconds = 0;
};

// Per-thread scratch of the slice phase.
struct SliceScratch {
    std::vector<float> acc = std::vector<float>(size_t(SLICE) * 2 * L1);
    std::vector<float> dacc = std::vector<float>(2 * L1);
    std::vector<float> psqt = std::vector<float>(size_t(SLICE) * 2);
    Matrix x = Matrix(L2_IN, SLICE), z2 = Matrix(L2, SLICE), a2 = Matrix(L2, SLICE);
    Matrix z3 = Matrix(L3, SLICE), a3 = Matrix(L3, SLICE);
    RowVector out = RowVector(SLICE), dout = RowVector(SLICE);
    Matrix dz3 = Matrix(L3, SLICE), dz2 = Matrix(L2, SLICE), dx = Matrix(L2_IN, SLICE);
};

}  // namespace

// A value at the resolution of its integer in the net file (nnue::quantize
// rounds half away from zero, as std::round does).
inline float at_resolution(float x, float scale) {
    return std::round(x * scale) / scale;
}

// The dense parameters a pass computes with: the model's, or rounded.
struct DenseParams {
    std::vector<float> ft_bias, l2_weights, l2_bias, l3_weights, l3_bias, out_weights;
    float out_bias = 0;

    void take(const nnue::FloatNetwork& n, bool round) {
        const float ft = float(nnue::arch::FT_SCALE), weight = float(nnue::arch::WEIGHT_SCALE);
        const float bias = float(nnue::arch::OUTPUT_SCALE);
        auto copy = [&](std::vector<float>& to, const std::vector<float>& from, float scale) {
            to.resize(from.size());
            for (size_t i = 0; i < from.size(); ++i)
                to[i] = round ? at_resolution(from[i], scale) : from[i];
        };
        copy(ft_bias, n.ft_bias, ft);
        copy(l2_weights, n.l2_weights, weight);
        copy(l2_bias, n.l2_bias, bias);
        copy(l3_weights, n.l3_weights, weight);
        copy(l3_bias, n.l3_bias, bias);
        copy(out_weights, n.out_weights, weight);
        out_bias = round ? at_resolution(n.out_bias, bias) : n.out_bias;
    }
};

// What every slice of one pass reads.
struct SliceJob {
    const Batch& batch;
    const LossParams& loss;
    float out_scale;              // the loss sigmoid's argument per unit of network output
    std::vector<float>* outputs;  // null: not wanted
    bool backward;                // gradients wanted
};

struct NetworkPass::Work {
    DenseParams dense;
    std::vector<int32_t> slot = std::vector<int32_t>(INPUTS, -1);  // feature -> compact row
    std::vector<uint32_t> rows;                                    // compact row -> feature
    std::vector<uint32_t> local;                                   // batch features as compact rows
    std::vector<float> table;                  // compact rows' folded weights, rows x L1
    std::vector<float> table_psqt;             // compact rows' folded PSQT weights
    std::vector<float> lane_rows[LANES];       // per lane: compact rows' gradients, rows x L1
    std::vector<float> lane_psqt[LANES];       // per lane: compact rows' PSQT gradients
    std::vector<uint8_t> lane_touched[LANES];  // per lane: 1 = the row holds a gradient
    std::vector<int32_t> factor_slot = std::vector<int32_t>(FACTOR_ROWS, -1);
    std::vector<uint32_t> factor_start, factor_members, factor_cursor;
    std::vector<SliceGrads> slices;
    tbb::enumerable_thread_specific<SliceScratch> scratch;

    // The batch's rows, compacted (`rows`, and the batch's features as
    // compact rows in `local`), with their weights folded (real + factor)
    // and, with fake quantization, rounded; the dense parameters likewise.
    void gather_rows(const Model& model, const Batch& batch, bool factorized, bool fake_quantize);
    // Every slice forward, and backward when the job wants gradients, lanes
    // in parallel; returns the summed loss and adds the parts' CPU times.
    double run_slices(const SliceJob& job, PassTimes& times);
    void run_slice(const SliceJob& job, int s, int lane);
    // Accumulators, their PSQT sums and the pairwise clipped products (x).
    void transformer_forward(SliceScratch& sc, int first, int n) const;
    // The dense layers and the loss, and with backward their gradients and
    // d(loss)/dx in dx; returns the slice's summed loss.
    double dense_layers(const SliceJob& job, SliceScratch& sc, SliceGrads& sg, int first,
                        int n) const;
    // The output (PSQT path added) and the loss of each position; leaves
    // d(loss)/d(output) in dout.
    double output_loss(const SliceJob& job, SliceScratch& sc, int first, int n) const;
    // The transformer's bias gradient, and its rows' gradients scattered into
    // the lane's table.
    void transformer_backward(SliceScratch& sc, SliceGrads& sg, int lane, int first, int n);
    // The dense gradients: slices summed in order.
    void sum_dense_gradients(Gradients& g) const;
    // The lanes' row gradients added in lane order.
    void sum_lane_rows(Gradients& g) const;
    // Factor rows: the sum of their real rows' gradients, buckets in order.
    void sum_factor_rows(Gradients& g, bool factorized);
};

void NetworkPass::Work::gather_rows(const Model& model, const Batch& batch, bool factorized,
                                    bool fake_quantize) {
    const nnue::FloatNetwork& net = model.net;
    const size_t entries = size_t(batch.size) * 2 * ACTIVE;
    rows.clear();
    for (size_t i = 0; i < entries; ++i) slot[batch.features[i]] = 0;
    for (uint32_t f = 0; f < uint32_t(INPUTS); ++f)
        if (slot[f] == 0) rows.push_back(f);
    const size_t U = rows.size();
    for (size_t u = 0; u < U; ++u) slot[rows[u]] = int32_t(u);
    dense.take(net, fake_quantize);
    const float ft_scale = float(nnue::arch::FT_SCALE),
                psqt_scale = float(nnue::arch::OUTPUT_SCALE);
    local.resize(entries);
    table.resize(U * L1);
    table_psqt.resize(U);
    tbb::parallel_for(tbb::blocked_range<size_t>(0, entries, 1 << 14),
                      [&](const tbb::blocked_range<size_t>& r) {
                          for (size_t i = r.begin(); i < r.end(); ++i)
                              local[i] = uint32_t(slot[batch.features[i]]);
                      });
    tbb::parallel_for(tbb::blocked_range<size_t>(0, U, 256),
                      [&](const tbb::blocked_range<size_t>& r) {
                          for (size_t u = r.begin(); u < r.end(); ++u) {
                              const uint32_t f = rows[u];
                              const float* real = &net.ft_weights[size_t(f) * L1];
                              float* out = &table[u * L1];
                              if (factorized) {
                                  const size_t j = nnue::features::factor_of(f);
                                  const float* fac = &model.factor_weights[j * L1];
                                  for (int i = 0; i < L1; ++i) out[i] = real[i] + fac[i];
                                  table_psqt[u] = net.psqt_weights[f] + model.factor_psqt[j];
                              } else {
                                  std::copy(real, real + L1, out);
                                  table_psqt[u] = net.psqt_weights[f];
                              }
                              if (fake_quantize) {
                                  for (int i = 0; i < L1; ++i)
                                      out[i] = at_resolution(out[i], ft_scale);
                                  table_psqt[u] = at_resolution(table_psqt[u], psqt_scale);
                              }
                          }
                      });
    for (uint32_t f : rows) slot[f] = -1;
}

double NetworkPass::Work::run_slices(const SliceJob& job, PassTimes& times) {
    const int B = job.batch.size;
    const int slice_count = (B + SLICE - 1) / SLICE;
    const size_t U = rows.size();
    slices.resize(size_t(slice_count));
    if (job.outputs) job.outputs->resize(size_t(B));
    tbb::parallel_for(0, LANES, [&](int lane) {
        if (job.backward) {
            // Rows are written on first touch: only the flags are cleared.
            if (lane_rows[lane].size() < U * L1) lane_rows[lane].resize(U * L1);
            if (lane_psqt[lane].size() < U) lane_psqt[lane].resize(U);
            lane_touched[lane].assign(U, 0);
        }
        for (int s = lane; s < slice_count; s += LANES) run_slice(job, s, lane);
    });
    double loss = 0;
    for (const SliceGrads& sg : slices) {
        loss += sg.loss;
        times.transformer += sg.transformer_seconds;
        times.dense += sg.dense_seconds;
    }
    return loss;
}

void NetworkPass::Work::run_slice(const SliceJob& job, int s, int lane) {
    SliceScratch& sc = scratch.local();
    SliceGrads& sg = slices[size_t(s)];
    const int first = s * SLICE, n = std::min(SLICE, job.batch.size - first);
    const double ts = thread_cpu_seconds();
    transformer_forward(sc, first, n);
    const double td = thread_cpu_seconds();
    sg.transformer_seconds = td - ts;
    sg.loss = dense_layers(job, sc, sg, first, n);
    const double tb = thread_cpu_seconds();
    sg.dense_seconds = tb - td;
    if (!job.backward) return;
    transformer_backward(sc, sg, lane, first, n);
    sg.transformer_seconds += thread_cpu_seconds() - tb;
}

void NetworkPass::Work::transformer_forward(SliceScratch& sc, int first, int n) const {
    for (int j = 0; j < n; ++j) {
        for (int p = 0; p < 2; ++p) {
            const size_t e = (size_t(first + j) * 2 + size_t(p));
            const uint32_t* idx = &local[e * ACTIVE];
            if (j + 1 < n || p == 0) prefetch_rows(table.data(), idx + ACTIVE, false);
            float* acc = &sc.acc[(size_t(j) * 2 + size_t(p)) * L1];
            accumulate(dense.ft_bias.data(), table.data(), idx, acc);
            float ps = 0;
            for (int k = 0; k < ACTIVE; ++k) ps += table_psqt[idx[k]];
            sc.psqt[size_t(j) * 2 + size_t(p)] = ps;
            float* x = sc.x.data() + size_t(j) * L2_IN + size_t(p) * HALF;
            for (int i = 0; i < HALF; ++i) x[i] = clip01(acc[i]) * clip01(acc[i + HALF]);
        }
    }
}

double NetworkPass::Work::dense_layers(const SliceJob& job, SliceScratch& sc, SliceGrads& sg,
                                       int first, int n) const {
    const WeightMap<L2, L2_IN> W2(dense.l2_weights.data());
    const WeightMap<L3, L2> W3(dense.l3_weights.data());
    const VecMap<L3> W4(dense.out_weights.data());
    const VecMap<L2> b2(dense.l2_bias.data());
    const VecMap<L3> b3(dense.l3_bias.data());
    auto x = sc.x.leftCols(n);
    auto z2 = sc.z2.leftCols(n);
    auto a2 = sc.a2.leftCols(n);
    auto z3 = sc.z3.leftCols(n);
    auto a3 = sc.a3.leftCols(n);
    auto out = sc.out.leftCols(n);
    auto dout = sc.dout.leftCols(n);
    z2.noalias() = W2 * x;
    z2.colwise() += b2;
    a2 = z2.cwiseMax(0.0f).cwiseMin(1.0f);
    z3.noalias() = W3 * a2;
    z3.colwise() += b3;
    a3 = z3.cwiseMax(0.0f).cwiseMin(1.0f);
    out.noalias() = W4.transpose() * a3;
    const double loss = output_loss(job, sc, first, n);
    if (!job.backward) return loss;

    auto dz3 = sc.dz3.leftCols(n);
    auto dz2 = sc.dz2.leftCols(n);
    auto dx = sc.dx.leftCols(n);
    sg.out_weights.noalias() = a3 * dout.transpose();
    sg.out_bias = dout.sum();
    dz3.noalias() = W4 * dout;
    dz3.array() *= ((z3.array() > 0.0f) && (z3.array() < 1.0f)).cast<float>();
    sg.l3_weights.noalias() = dz3 * a2.transpose();
    sg.l3_bias = dz3.rowwise().sum();
    dz2.noalias() = W3.transpose() * dz3;
    dz2.array() *= ((z2.array() > 0.0f) && (z2.array() < 1.0f)).cast<float>();
    sg.l2_weights.noalias() = dz2 * x.transpose();
    sg.l2_bias = dz2.rowwise().sum();
    dx.noalias() = W2.transpose() * dz2;
    return loss;
}

double NetworkPass::Work::output_loss(const SliceJob& job, SliceScratch& sc, int first,
                                      int n) const {
    const LossParams& lp = job.loss;
    const Batch& batch = job.batch;
    double loss = 0;
    for (int j = 0; j < n; ++j) {
        const int pos = first + j;
        const float o = sc.out(j) + dense.out_bias +
                        0.5f * (sc.psqt[size_t(j) * 2] - sc.psqt[size_t(j) * 2 + 1]);
        sc.out(j) = o;
        if (job.outputs) (*job.outputs)[size_t(pos)] = o;
        const float q = sigmoid(o * job.out_scale);
        const float t = lp.lambda * sigmoid(batch.score[size_t(pos)] / lp.scale) +
                        (1.0f - lp.lambda) * batch.result[size_t(pos)];
        loss += double(q - t) * double(q - t);
        sc.dout(j) = 2.0f * (q - t) * q * (1.0f - q) * job.out_scale / float(batch.size);
    }
    return loss;
}

void NetworkPass::Work::transformer_backward(SliceScratch& sc, SliceGrads& sg, int lane, int first,
                                             int n) {
    sg.ft_bias.setZero();
    float* bias_grad = sg.ft_bias.data();
    float* rows_grad = lane_rows[lane].data();
    float* psqt_grad = lane_psqt[lane].data();
    uint8_t* touched = lane_touched[lane].data();
    float* da = sc.dacc.data();
    for (int j = 0; j < n; ++j) {
        const int pos = first + j;
        for (int p = 0; p < 2; ++p) {
            const float* acc = &sc.acc[(size_t(j) * 2 + size_t(p)) * L1];
            const float* dh = sc.dx.data() + size_t(j) * L2_IN + size_t(p) * HALF;
            for (int i = 0; i < HALF; ++i) {
                const float a = acc[i], b = acc[i + HALF];
                da[i] = dh[i] * clip01(b) * passes(a);
                da[i + HALF] = dh[i] * clip01(a) * passes(b);
            }
            for (int i = 0; i < L1; ++i) bias_grad[i] += da[i];
            const float dpsqt = (p == 0 ? 0.5f : -0.5f) * sc.dout(j);
            const uint32_t* idx = &local[(size_t(pos) * 2 + size_t(p)) * ACTIVE];
            if (j + 1 < n || p == 0) prefetch_rows(rows_grad, idx + ACTIVE, true);
            scatter_add(da, dpsqt, rows_grad, psqt_grad, touched, idx);
        }
    }
}

void NetworkPass::Work::sum_dense_gradients(Gradients& g) const {
    GradMap<L2, L2_IN> gW2(g.l2_weights.data());
    GradMap<L3, L2> gW3(g.l3_weights.data());
    Eigen::Map<Eigen::Matrix<float, L2, 1>> gb2(g.l2_bias.data());
    Eigen::Map<Eigen::Matrix<float, L3, 1>> gb3(g.l3_bias.data()), gW4(g.out_weights.data());
    Eigen::Map<Eigen::Matrix<float, L1, 1>> gbias(g.ft_bias.data());
    gW2.setZero();
    gW3.setZero();
    gb2.setZero();
    gb3.setZero();
    gW4.setZero();
    gbias.setZero();
    g.out_bias = 0;
    for (const SliceGrads& sg : slices) {
        gW2 += sg.l2_weights;
        gb2 += sg.l2_bias;
        gW3 += sg.l3_weights;
        gb3 += sg.l3_bias;
        gW4 += sg.out_weights;
        g.out_bias += sg.out_bias;
        gbias += sg.ft_bias;
    }
}

void NetworkPass::Work::sum_lane_rows(Gradients& g) const {
    const size_t U = rows.size();
    g.rows = rows;
    g.row_weights.resize(U * L1);
    g.row_psqt.resize(U);
    tbb::parallel_for(tbb::blocked_range<size_t>(0, U, 64),
                      [&](const tbb::blocked_range<size_t>& r) {
                          for (size_t u = r.begin(); u < r.end(); ++u) {
                              // Lanes in order; a lane that did not touch the row
                              // adds +0, which changes only a -0 sum (to +0): added
                              // once at the end, it gives the same bits.
                              float* out = &g.row_weights[u * L1];
                              float ps = 0.0f;
                              bool started = false, untouched = false;
                              for (int lane = 0; lane < LANES; ++lane) {
                                  if (!lane_touched[lane][u]) {
                                      untouched = true;
                                      continue;
                                  }
                                  const float* src = &lane_rows[lane][u * L1];
                                  if (!started) {
                                      std::copy(src, src + L1, out);
                                      ps = lane_psqt[lane][u];
                                      started = true;
                                  } else {
                                      for (int i = 0; i < L1; ++i) out[i] += src[i];
                                      ps += lane_psqt[lane][u];
                                  }
                              }
                              if (untouched) {
                                  for (int i = 0; i < L1; ++i) out[i] += 0.0f;
                                  ps += 0.0f;
                              }
                              g.row_psqt[u] = ps;
                          }
                      });
}

void NetworkPass::Work::sum_factor_rows(Gradients& g, bool factorized) {
    g.factor_rows.clear();
    if (!factorized) {
        g.factor_weights.clear();
        g.factor_psqt.clear();
        return;
    }
    const size_t U = rows.size();
    for (uint32_t f : rows) {
        const uint32_t j = nnue::features::factor_of(f);
        if (factor_slot[j] < 0) {
            factor_slot[j] = 0;
            g.factor_rows.push_back(j);
        }
    }
    std::sort(g.factor_rows.begin(), g.factor_rows.end());
    const size_t V = g.factor_rows.size();
    for (size_t v = 0; v < V; ++v) factor_slot[g.factor_rows[v]] = int32_t(v);
    factor_start.assign(V + 1, 0);
    for (uint32_t f : rows) ++factor_start[size_t(factor_slot[nnue::features::factor_of(f)]) + 1];
    for (size_t v = 0; v < V; ++v) factor_start[v + 1] += factor_start[v];
    factor_members.resize(U);
    factor_cursor.assign(factor_start.begin(), factor_start.end() - 1);
    for (size_t u = 0; u < U; ++u)
        factor_members[factor_cursor[size_t(factor_slot[nnue::features::factor_of(rows[u])])]++] =
            uint32_t(u);
    g.factor_weights.resize(V * L1);
    g.factor_psqt.resize(V);
    tbb::parallel_for(tbb::blocked_range<size_t>(0, V, 16),
                      [&](const tbb::blocked_range<size_t>& r) {
                          for (size_t v = r.begin(); v < r.end(); ++v) {
                              float* out = &g.factor_weights[v * L1];
                              std::fill(out, out + L1, 0.0f);
                              float ps = 0;
                              for (uint32_t m = factor_start[v]; m < factor_start[v + 1]; ++m) {
                                  const uint32_t u = factor_members[m];
                                  const float* src = &g.row_weights[size_t(u) * L1];
                                  for (int i = 0; i < L1; ++i) out[i] += src[i];
                                  ps += g.row_psqt[u];
                              }
                              g.factor_psqt[v] = ps;
                          }
                      });
    for (uint32_t j : g.factor_rows) factor_slot[j] = -1;
}

NetworkPass::NetworkPass(bool factorized, bool fake_quantize)
    : factorized_(factorized), fake_quantize_(fake_quantize), work_(std::make_unique<Work>()) {}
NetworkPass::~NetworkPass() = default;

double NetworkPass::run(const Model& model, const Batch& batch, const LossParams& lp,
                        Gradients* grad, std::vector<float>* outputs) {
    Work& w = *work_;
    const int B = batch.size;
    if (B == 0) return 0.0;
    PhaseTimer phase;
    w.gather_rows(model, batch, factorized_, fake_quantize_);
    phase.add_to(times_.gather, times_.gather_cpu);

    phase.restart();
    const SliceJob job{batch, lp, float(nnue::arch::OUTPUT_CP) / lp.scale, outputs,
                       grad != nullptr};
    const double loss = w.run_slices(job, times_);
    phase.add_to(times_.slices, times_.slices_cpu);
    if (!grad) return loss / B;

    w.sum_dense_gradients(*grad);
    phase.restart();
    w.sum_lane_rows(*grad);
    phase.add_to(times_.scatter, times_.scatter_cpu);
    phase.restart();
    w.sum_factor_rows(*grad, factorized_);
    phase.add_to(times_.factor, times_.factor_cpu);
    return loss / B;
}

float reference_output(const nnue::FloatNetwork& net, const Batch& batch, int position) {
    float x[L2_IN];
    float psqt[2];
    for (int p = 0; p < 2; ++p) {
        float acc[L1];
        for (int i = 0; i < L1; ++i) acc[i] = net.ft_bias[size_t(i)];
        psqt[p] = 0;
        const nnue::FeatureIndex* f = batch.of(position, p);
        for (int k = 0; k < ACTIVE; ++k) {
            for (int i = 0; i < L1; ++i) acc[i] += net.ft_weights[size_t(f[k]) * L1 + size_t(i)];
            psqt[p] += net.psqt_weights[f[k]];
        }
        for (int i = 0; i < HALF; ++i) x[p * HALF + i] = clip01(acc[i]) * clip01(acc[i + HALF]);
    }
    float a2[L2], a3[L3];
    for (int o = 0; o < L2; ++o) {
        float s = net.l2_bias[size_t(o)];
        for (int i = 0; i < L2_IN; ++i) s += net.l2_weights[size_t(o) * L2_IN + size_t(i)] * x[i];
        a2[o] = clip01(s);
    }
    for (int o = 0; o < L3; ++o) {
        float s = net.l3_bias[size_t(o)];
        for (int i = 0; i < L2; ++i) s += net.l3_weights[size_t(o) * L2 + size_t(i)] * a2[i];
        a3[o] = clip01(s);
    }
    float out = net.out_bias;
    for (int i = 0; i < L3; ++i) out += net.out_weights[size_t(i)] * a3[i];
    return out + 0.5f * (psqt[0] - psqt[1]);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
