// `pantheon train`, `pantheon bench train` and `pantheon tune` for both games:
// the running code (train_runner.cpp) is compiled once per variant, each copy
// against its game's trainer and tuner; the requests are the variant-free
// configurations (trainer/train_config.h, trainer/train_bench.h,
// tuner/tune_options.h). This header is variant-independent.
#pragma once

#include <atomic>
#include <string>

#include "trainer/train_bench.h"
#include "trainer/train_config.h"
#include "tuner/tune_options.h"

namespace pantheon::app {

inline constexpr int EXIT_TRAIN_FAILED = 1;
inline constexpr int EXIT_TRAIN_BAD_OPTIONS = 2;
inline constexpr int EXIT_TRAIN_INTERRUPTED = 3;

// Exit status: 0 finished (net written), 3 interrupted or session over
// (checkpoint written), 2 bad options, 1 any other failure. `stop` (may be
// null) is polled between steps.
int run_train_mansindam(const trainer::TrainConfig& config, const std::atomic<bool>* stop);
int run_train_pandemonium(const trainer::TrainConfig& config, const std::atomic<bool>* stop);

// 0 measured and printed, 1 a failure.
int run_bench_train_mansindam(const trainer::TrainBenchOptions& options);
int run_bench_train_pandemonium(const trainer::TrainBenchOptions& options);

// 0 written, 2 bad options, 1 any other failure.
int run_tune_mansindam(const tuner::TuneConfig& config, bool progress);
int run_tune_pandemonium(const tuner::TuneConfig& config, bool progress);

}  // namespace pantheon::app
