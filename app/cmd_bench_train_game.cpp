// The game half of `pantheon bench train` (cmd_bench_train.cpp reads the
// command line). Compiled once per game (app/CMakeLists.txt).
#include <iostream>

#include "app/cmd_train.h"
#include "app/game_half.h"
#include "trainer/train_bench.h"

namespace pantheon::app {
PANTHEON_VARIANT_BEGIN

int half(const trainer::TrainBenchOptions& options, HalfOfThisGame) {
    trainer::TrainBenchReport report;
    std::string error;
    if (!trainer::run_train_bench(options, report, &error)) {
        std::cerr << "error: " << error << "\n";
        return app::EXIT_TRAIN_FAILED;
    }
    trainer::print_train_bench(options, report, std::cout);
    return 0;
}

// The command reaches the half through run (app/game_half.h).
template int run(const trainer::TrainBenchOptions&);

PANTHEON_VARIANT_END
}  // namespace pantheon::app
