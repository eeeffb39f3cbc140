// `pantheon train`, `pantheon bench train` and `pantheon tune`: their exit
// statuses. The requests of train and bench train are the variant-free
// configurations (trainer/train_config.h, trainer/train_bench.h), tune's is
// app/cmd_tune.h; cmd_train.cpp, cmd_bench_train.cpp and cmd_tune.cpp read
// them from the command line and the game's halves (cmd_train_game.cpp,
// cmd_bench_train_game.cpp, cmd_tune_game.cpp, compiled once per game,
// against its trainer and tuner) run them. Variant-free.
#pragma once

#include "trainer/train_config.h"

namespace pantheon::app {

inline constexpr int EXIT_TRAIN_FAILED = 1;
inline constexpr int EXIT_TRAIN_BAD_OPTIONS = 2;
inline constexpr int EXIT_TRAIN_INTERRUPTED = 3;

}  // namespace pantheon::app
