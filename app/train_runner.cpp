// The variant part of `pantheon train`, `pantheon bench train` and
// `pantheon tune` (train_runner.h). Compiled once per variant (app/CMakeLists.txt).
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "app/game_command_halves.h"
#include "trainer/training_run.h"
#include "tuner/tune_run.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN
namespace {

int train(const trainer::TrainConfig& config, const std::atomic<bool>* stop) {
    if (const std::string why = trainer::validate(config); !why.empty()) {
        std::cerr << "error: " << why << "\n";
        return app::EXIT_TRAIN_BAD_OPTIONS;
    }
    trainer::RunSummary summary;
    std::string error;
    const trainer::RunEnd end =
        trainer::run_training(config, stop, config.progress ? &std::cerr : nullptr,
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

int bench_train(const trainer::TrainBenchOptions& options) {
    trainer::TrainBenchReport report;
    std::string error;
    if (!trainer::run_train_bench(options, report, &error)) {
        std::cerr << "error: " << error << "\n";
        return app::EXIT_TRAIN_FAILED;
    }
    trainer::print_train_bench(options, report, std::cout);
    return 0;
}

int tune(const tuner::TuneConfig& config, bool progress) {
    if (const std::string why = tuner::validate(config); !why.empty()) {
        std::cerr << "error: " << why << "\n";
        return app::EXIT_TRAIN_BAD_OPTIONS;
    }
    std::string command = "pantheon tune";
    if (Variant::name != VARIANT_NAMES[0]) command += " --variant " + std::string(Variant::name);
    for (const std::string& d : config.data) command += " --data " + d;
    tuner::TuneSummary s;
    std::string error;
    if (!tuner::run_tune(config, command, progress ? &std::cerr : nullptr, s, &error)) {
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

}  // namespace
PANTHEON_VARIANT_END

namespace app {
PANTHEON_VARIANT_BEGIN
int run_train(const trainer::TrainConfig& config, const std::atomic<bool>* stop) {
    return train(config, stop);
}
int run_bench_train(const trainer::TrainBenchOptions& options) {
    return bench_train(options);
}
int run_tune(const tuner::TuneConfig& config, bool progress) {
    return tune(config, progress);
}
PANTHEON_VARIANT_END
}  // namespace app

}  // namespace pantheon
