// The tuner's model of the hand-crafted evaluation (see hce_trace.h) as a
// function of real-valued parameters, the logistic loss of its predictions
// against game results, and the fit: K first, then Adam over the parameters.
#pragma once

#include <ostream>
#include <vector>

#include "engine/search/eval_params.h"
#include "tuner/tune_options.h"
#include "tuner/tune_set.h"

namespace pantheon::tuner {
PANTHEON_VARIANT_BEGIN

using Params = std::vector<double>;  // eval_params::PARAM_NB values

Params to_params(const search::eval_params::Weights& w);
search::eval_params::Weights rounded(const Params& p);

// The model's score of position i (centipawns, side to move's view).
double model_eval(const TuneSet& set, size_t i, const Params& p);

// Mean logistic loss of sigmoid(eval / k) against the targets; with `grad`,
// also its gradient with respect to every parameter (fixed ones get 0).
double loss(const TuneSet& set, const Params& p, double k, Params* grad, int threads);

// The K minimising the loss of `p` (golden-section search on log K).
double fit_k(const TuneSet& set, const Params& p, int threads);

struct FitReport {
    double k = 0;
    double loss_before = 0, loss_after = 0;
};

// Minimises the loss over the tunable parameters from `p` (in place) at a
// fixed K (plus the L2 pull). Progress lines go to `progress` when not null.
FitReport fit(const TuneSet& set, Params& p, double k, const FitOptions& options,
              std::ostream* progress);

// Whether parameter `index` is fitted, and its block's kind.
bool is_tunable(int index);

PANTHEON_VARIANT_END
}  // namespace pantheon::tuner
