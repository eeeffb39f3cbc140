// A network pass in its phases, each timed: the batch's rows gathered, the
// slices forward and backward, and the gradients summed (pass_gradients.cpp).
#include "trainer/network_pass.h"

#include <tbb/parallel_for.h>

#include <algorithm>

#include "trainer/network_pass_work.h"
#include "util/cpu_time.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

using namespace pass;
using util::PhaseTimer;
using util::thread_cpu_seconds;

namespace {

using Work = NetworkPass::Work;

// Accumulators, their PSQT sums and the pairwise clipped products (x).
void transformer_forward(const Work& w, SliceScratch& sc, int first, int n) {
    for (int j = 0; j < n; ++j) {
        for (int p = 0; p < 2; ++p) {
            const size_t e = (size_t(first + j) * 2 + size_t(p));
            const uint32_t* idx = &w.local[e * ACTIVE];
            if (j + 1 < n || p == 0) prefetch_rows(w.table.data(), idx + ACTIVE, false);
            float* acc = &sc.acc[(size_t(j) * 2 + size_t(p)) * L1];
            accumulate(w.dense.ft_bias.data(), w.table.data(), idx, acc);
            float ps = 0;
            for (int k = 0; k < ACTIVE; ++k) ps += w.table_psqt[idx[k]];
            sc.psqt[size_t(j) * 2 + size_t(p)] = ps;
            float* x = sc.x.data() + size_t(j) * L2_IN + size_t(p) * HALF;
            for (int i = 0; i < HALF; ++i) x[i] = clip01(acc[i]) * clip01(acc[i + HALF]);
        }
    }
}

// The output (PSQT path added) and the loss of each position; leaves
// d(loss)/d(output) in dout.
double output_loss(const Work& w, const SliceJob& job, SliceScratch& sc, int first, int n) {
    const LossParams& lp = job.loss;
    const Batch& batch = job.batch;
    double loss = 0;
    for (int j = 0; j < n; ++j) {
        const int pos = first + j;
        const float o = sc.out(j) + w.dense.out_bias +
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

// The dense layers and the loss, and with backward their gradients and
// d(loss)/dx in dx; returns the slice's summed loss.
double dense_layers(const Work& w, const SliceJob& job, SliceScratch& sc, SliceGrads& sg, int first,
                    int n) {
    const WeightMap<L2, L2_IN> W2(w.dense.l2_weights.data());
    const WeightMap<L3, L2> W3(w.dense.l3_weights.data());
    const VecMap<L3> W4(w.dense.out_weights.data());
    const VecMap<L2> b2(w.dense.l2_bias.data());
    const VecMap<L3> b3(w.dense.l3_bias.data());
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
    const double loss = output_loss(w, job, sc, first, n);
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

// The transformer's bias gradient, and its rows' gradients scattered into
// the lane's table.
void transformer_backward(Work& w, SliceScratch& sc, SliceGrads& sg, int lane, int first, int n) {
    sg.ft_bias.setZero();
    float* bias_grad = sg.ft_bias.data();
    float* rows_grad = w.lane_rows[lane].data();
    float* psqt_grad = w.lane_psqt[lane].data();
    uint8_t* touched = w.lane_touched[lane].data();
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
            const uint32_t* idx = &w.local[(size_t(pos) * 2 + size_t(p)) * ACTIVE];
            if (j + 1 < n || p == 0) prefetch_rows(rows_grad, idx + ACTIVE, true);
            scatter_add(da, dpsqt, rows_grad, psqt_grad, touched, idx);
        }
    }
}

}  // namespace

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
    transformer_forward(*this, sc, first, n);
    const double td = thread_cpu_seconds();
    sg.transformer_seconds = td - ts;
    sg.loss = dense_layers(*this, job, sc, sg, first, n);
    const double tb = thread_cpu_seconds();
    sg.dense_seconds = tb - td;
    if (!job.backward) return;
    transformer_backward(*this, sc, sg, lane, first, n);
    sg.transformer_seconds += thread_cpu_seconds() - tb;
}

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

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
