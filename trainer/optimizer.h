// AdamW over the model's parameters, and the learning-rate and lambda
// schedules. The feature transformer and PSQT rows are updated sparsely:
// only the rows a batch touched (their moments included), as in sparse Adam;
// the dense parameters every step. Rows are independent, so the parallel
// update gives the same bits with any number of threads.
#pragma once

#include <cstdint>
#include <vector>

#include "trainer/model.h"
#include "trainer/network_pass.h"
#include "trainer/train_recipe.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

class Adam {
  public:
    explicit Adam(const TrainConfig& config);
    // One update with learning rate lr; then clips for quantization.
    void step(Model& model, const Gradients& grad, float lr);

    uint64_t steps() const { return t_; }
    // First and second moments, one array per parameter array (parameter_arrays order).
    std::vector<std::vector<float>>& first() { return m_; }
    std::vector<std::vector<float>>& second() { return v_; }
    void set_steps(uint64_t t) { t_ = t; }

  private:
    float beta1_, beta2_, epsilon_, weight_decay_;
    uint64_t t_ = 0;
    std::vector<std::vector<float>> m_, v_;
};

// Learning rate at a step (0-based) of a run of total_steps steps.
float learning_rate(const TrainConfig& config, uint64_t step, uint64_t total_steps);
// Lambda at a step: linear from lambda to lambda_end over the run.
float lambda_at(const TrainConfig& config, uint64_t step, uint64_t total_steps);

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
