// The gradients of a network pass summed from its slices and lanes, in an
// order that does not depend on the thread count.
#include <tbb/parallel_for.h>

#include <algorithm>

#include "trainer/network_pass_work.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

using namespace pass;

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

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
