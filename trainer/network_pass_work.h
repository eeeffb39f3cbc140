// The working state of one NetworkPass (network_pass.h), shared by the files
// of its phases: the rows gathered and the slices run (network_pass.cpp),
// the gradients summed (pass_gradients.cpp). For those files only.
#pragma once

#include <tbb/enumerable_thread_specific.h>

#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "trainer/network_pass.h"
#include "trainer/pass_kernels.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

namespace pass {

// Positions per slice: a slice's accumulators (SLICE x 2 x L1 floats) and
// dense activations stay in the core's L2 cache.
constexpr int SLICE = 256;
// Fixed groups of slices, each summing its rows' gradients into its own table
// (slices of a lane in order, lanes added in order): race-free, and the same
// bits with any number of threads. Hot rows stay in the core's cache.
constexpr int LANES = 4;

using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic>;  // column = position
using RowVector = Eigen::Matrix<float, 1, Eigen::Dynamic>;
template <int R, int C>
using WeightMap = Eigen::Map<const Eigen::Matrix<float, R, C, Eigen::RowMajor>>;
template <int R, int C>
using GradMap = Eigen::Map<Eigen::Matrix<float, R, C, Eigen::RowMajor>>;
template <int N>
using VecMap = Eigen::Map<const Eigen::Matrix<float, N, 1>>;

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

}  // namespace pass

struct NetworkPass::Work {
    pass::DenseParams dense;
    std::vector<int32_t> slot = std::vector<int32_t>(INPUTS, -1);  // feature -> compact row
    std::vector<uint32_t> rows;                                    // compact row -> feature
    std::vector<uint32_t> local;                                   // batch features as compact rows
    std::vector<float> table;                        // compact rows' folded weights, rows x L1
    std::vector<float> table_psqt;                   // compact rows' folded PSQT weights
    std::vector<float> lane_rows[pass::LANES];       // per lane: compact rows' gradients, rows x L1
    std::vector<float> lane_psqt[pass::LANES];       // per lane: compact rows' PSQT gradients
    std::vector<uint8_t> lane_touched[pass::LANES];  // per lane: 1 = the row holds a gradient
    std::vector<int32_t> factor_slot = std::vector<int32_t>(FACTOR_ROWS, -1);
    std::vector<uint32_t> factor_start, factor_members, factor_cursor;
    std::vector<pass::SliceGrads> slices;
    tbb::enumerable_thread_specific<pass::SliceScratch> scratch;

    // The batch's rows, compacted (`rows`, and the batch's features as
    // compact rows in `local`), with their weights folded (real + factor)
    // and, with fake quantization, rounded; the dense parameters likewise.
    void gather_rows(const Model& model, const Batch& batch, bool factorized, bool fake_quantize);
    // Every slice forward, and backward when the job wants gradients, lanes
    // in parallel; returns the summed loss and adds the parts' CPU times.
    double run_slices(const pass::SliceJob& job, PassTimes& times);
    void run_slice(const pass::SliceJob& job, int s, int lane);
    // The dense gradients: slices summed in order.
    void sum_dense_gradients(Gradients& g) const;
    // The lanes' row gradients added in lane order.
    void sum_lane_rows(Gradients& g) const;
    // Factor rows: the sum of their real rows' gradients, buckets in order.
    void sum_factor_rows(Gradients& g, bool factorized);
};

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
