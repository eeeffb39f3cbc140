// The float network's forward and backward pass over a batch: the sparse
// feature transformer (only the batch's active rows), the PSQT path, the
// pairwise clipped product, the dense layers (Eigen, whole slices of the
// batch as matrix products) and the loss. Parallel over fixed slices of the
// batch with oneTBB; every sum runs in an order that does not depend on the
// thread count, so results are bit-identical with any number of threads.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "trainer/batch.h"
#include "trainer/model.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

// Loss per position: (sigmoid(output * OUTPUT_CP / scale) - target)^2 with
// target = lambda * sigmoid(score / scale) + (1 - lambda) * result.
struct LossParams {
    float scale = 400.0f;  // centipawns per unit of the sigmoid's argument
    float lambda = 1.0f;   // weight of the search score against the game result
};

// Gradient of the mean loss. The sparse parts list the rows the batch
// touched, ascending, with their gradients packed in the same order.
struct Gradients {
    std::vector<uint32_t> rows;         // features (real rows)
    std::vector<float> row_weights;     // rows.size() x L1
    std::vector<float> row_psqt;        // rows.size()
    std::vector<uint32_t> factor_rows;  // factor rows (empty when not factorized)
    std::vector<float> factor_weights;  // factor_rows.size() x L1
    std::vector<float> factor_psqt;     // factor_rows.size()
    std::vector<float> ft_bias = std::vector<float>(L1);
    std::vector<float> l2_weights = std::vector<float>(size_t(L2) * L2_IN);
    std::vector<float> l2_bias = std::vector<float>(L2);
    std::vector<float> l3_weights = std::vector<float>(size_t(L3) * L2);
    std::vector<float> l3_bias = std::vector<float>(L3);
    std::vector<float> out_weights = std::vector<float>(L3);
    float out_bias = 0.0f;
};

// Where a pass spends its time, for `bench train`: per phase wall seconds
// and CPU seconds of the process; inside the slice phase, CPU seconds of the
// threads running each part.
struct PassTimes {
    double gather = 0, gather_cpu = 0;    // unique rows of the batch, their folded weights
    double slices = 0, slices_cpu = 0;    // the parallel slice phase
    double transformer = 0;               // accumulators, pairwise products, row scatter
    double dense = 0;                     // dense layers and loss, forward and backward
    double scatter = 0, scatter_cpu = 0;  // the lanes' row gradients summed
    double factor = 0, factor_cpu = 0;    // factor rows' gradients
};

class NetworkPass {
  public:
    // fake_quantize: the forward pass uses every weight rounded to its net-file
    // resolution (architecture.h) while the gradient updates the float
    // weights (straight-through), so the model trained is the one exported.
    explicit NetworkPass(bool factorized, bool fake_quantize = false);
    ~NetworkPass();
    NetworkPass(const NetworkPass&) = delete;
    NetworkPass& operator=(const NetworkPass&) = delete;

    // Mean loss over the batch. With grad, also the gradient of the mean
    // loss; with outputs, the network output (side to move's view, in units
    // of OUTPUT_CP centipawns) of every position.
    double run(const Model& model, const Batch& batch, const LossParams& loss, Gradients* grad,
               std::vector<float>* outputs = nullptr);

    bool factorized() const { return factorized_; }
    const PassTimes& times() const { return times_; }
    void reset_times() { times_ = {}; }

    // The pass's working state (network_pass_work.h), named here so that the
    // files of its phases may take it.
    struct Work;

  private:
    bool factorized_, fake_quantize_;
    PassTimes times_;
    std::unique_ptr<Work> work_;
};

// The network output of one batch position in float, computed straight from
// the definitions (no compaction, slices or Eigen): the reference the tests
// check NetworkPass and the export against.
float reference_output(const nnue::FloatNetwork& net, const Batch& batch, int position);

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
