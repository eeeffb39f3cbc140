// `pantheon tune`: load and trace the positions, hold some out, fit K, fit
// the parameters, and write eval_weights.h with the rounded values.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "tuner/tune_model.h"
#include "tuner/tune_set.h"

namespace pantheon::tuner {
PANTHEON_VARIANT_BEGIN

// An empty string when the configuration is usable, else what is wrong.
std::string validate(const TuneConfig& config);

struct TuneSummary {
    LoadCounts counts;
    size_t train_positions = 0, held_out_positions = 0;
    double k = 0;
    double train_before = 0, train_after = 0, train_rounded = 0;
    double held_before = 0, held_rounded = 0;
    double max_model_error = 0;  // |model - engine| at the start values, cp
    double seconds = 0;
};

bool run_tune(const TuneConfig& config, const std::string& command_line, std::ostream* progress,
              TuneSummary& summary, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::tuner
