// The game half of `pantheon tune` (cmd_tune.cpp reads the command line).
// Compiled once per game (app/CMakeLists.txt).
#include <cstdio>
#include <iostream>

#include "app/cmd_train.h"
#include "app/cmd_tune.h"
#include "app/game_half.h"
#include "tuner/tune_run.h"

namespace pantheon::app {
PANTHEON_VARIANT_BEGIN

int half(const TuneRequest& request, HalfOfThisGame) {
    const tuner::TuneConfig& config = request.config;
    if (const std::string why = tuner::validate(config); !why.empty()) {
        std::cerr << "error: " << why << "\n";
        return app::EXIT_TRAIN_BAD_OPTIONS;
    }
    std::string command = "pantheon tune";
    if (Variant::name != VARIANT_NAMES[0]) command += " --variant " + std::string(Variant::name);
    for (const std::string& d : config.data) command += " --data " + d;
    tuner::TuneSummary s;
    std::string error;
    if (!tuner::run_tune(config, command, request.progress ? &std::cerr : nullptr, s, &error)) {
        std::cerr << "error: " << error << "\n";
        return app::EXIT_TRAIN_FAILED;
    }
    std::printf(
        "tune: %llu positions read, %llu filtered, %llu malformed; %zu fitted, %zu held out\n",
        (unsigned long long)s.counts.read, (unsigned long long)s.counts.filtered,
        (unsigned long long)s.counts.malformed, s.train_positions, s.held_out_positions);
    std::printf("tune: model vs engine at the start values: at most %.2f cp apart\n",
                s.max_model_error);
    std::printf("tune: K %.1f; loss %.6f -> %.6f (rounded %.6f); held out %.6f -> %.6f\n", s.k,
                s.train_before, s.train_after, s.train_rounded, s.held_before, s.held_rounded);
    std::printf("tune: wrote %s in %.1f s\n", config.out.c_str(), s.seconds);
    return 0;
}

// The command reaches the half through run (app/game_half.h).
template int run(const TuneRequest&);

PANTHEON_VARIANT_END
}  // namespace pantheon::app
