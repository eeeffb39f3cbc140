// The game half of `pantheon train` (cmd_train.cpp reads the command line).
// Compiled once per game (app/CMakeLists.txt).
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <iostream>

#include "app/cmd_train.h"
#include "app/game_half.h"
#include "trainer/training_run.h"
#include "util/interrupt_watcher.h"

namespace pantheon::app {
PANTHEON_VARIANT_BEGIN

int half(const trainer::TrainConfig& config, HalfOfThisGame) {
    // Ctrl-C or SIGTERM ends the run after the current step, with a
    // checkpoint (exit status 3).
    std::atomic<bool> stop{false};
    util::InterruptWatcher watcher(stop);
    if (const std::string why = trainer::validate(config); !why.empty()) {
        std::cerr << "error: " << why << "\n";
        return app::EXIT_TRAIN_BAD_OPTIONS;
    }
    trainer::RunSummary summary;
    std::string error;
    const trainer::RunEnd end =
        trainer::run_training(config, &stop, config.progress ? &std::cerr : nullptr,
                              isatty(STDERR_FILENO), summary, &error);
    if (end == trainer::RunEnd::Failed) {
        std::cerr << "error: " << error << "\n";
        return app::EXIT_TRAIN_FAILED;
    }
    const trainer::RunState& s = summary.state;
    if (summary.already_finished) {
        std::printf(
            "train: the run is already finished: %llu steps, %llu positions, epoch %llu (limits "
            "reached); net %s unchanged. A higher --max-steps, --max-positions or --max-epochs "
            "continues it.\n",
            (unsigned long long)s.step, (unsigned long long)s.positions,
            (unsigned long long)s.epoch, config.out.c_str());
        return 0;
    }
    std::printf(
        "train: %llu steps, %llu positions, epoch %llu, %.1f s this session; loss %.6f, "
        "validation loss %.6f (%llu positions)\n",
        (unsigned long long)s.step, (unsigned long long)s.positions, (unsigned long long)s.epoch,
        summary.seconds, summary.train_loss, summary.val_loss,
        (unsigned long long)summary.validation_positions);
    std::printf("train: checkpoint %s\n", summary.checkpoint.c_str());
    if (end == trainer::RunEnd::Interrupted) {
        std::printf("train: interrupted; continue with --resume %s\n", summary.checkpoint.c_str());
        return app::EXIT_TRAIN_INTERRUPTED;
    }
    std::printf("train: net %s; log %s, plot %s\n", config.out.c_str(),
                trainer::beside_net(config.out, ".train.csv").c_str(),
                trainer::beside_net(config.out, ".loss.svg").c_str());
    if (!summary.last_interim_net.empty())
        std::printf("train: nets along the way: the newest %s (the last %llu kept)\n",
                    summary.last_interim_net.c_str(), (unsigned long long)config.keep_nets);
    std::printf("train: %s\n", summary.export_report.c_str());
    if (!summary.export_warning.empty())
        std::fprintf(stderr, "warning: %s\n", summary.export_warning.c_str());
    return 0;
}

// The command reaches the half through run (app/game_half.h).
template int run(const trainer::TrainConfig&);

PANTHEON_VARIANT_END
}  // namespace pantheon::app
