// `pantheon train`, `pantheon bench train` and `pantheon tune` for every game:
// the running code (train_runner.cpp) is compiled once per game, each copy
// against its game's trainer and tuner; the requests are the variant-free
// configurations (trainer/train_config.h, trainer/train_bench.h,
// tuner/tune_options.h); the halves are reached through game_commands.h.
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

}  // namespace pantheon::app
