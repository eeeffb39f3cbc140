// `pantheon train`: fit an NNUE net to training data (trainer/), and
// `pantheon bench train`, its speed. Every option can also come from a TOML
// file (`--config configs/train.toml`, section [train]); the command line
// wins. Exit status: 0 finished (net written), 3 interrupted or session over
// (checkpoint written, continue with --resume), 2 bad options, 1 any other
// failure.
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <iostream>

#include "app/commands.h"
#include "match/interrupt.h"
#include "trainer/train_bench.h"
#include "trainer/training_run.h"

namespace pantheon::app {

namespace {

constexpr int EXIT_FAILED = 1;
constexpr int EXIT_BAD_OPTIONS = 2;
constexpr int EXIT_INTERRUPTED = 3;

int run_train_command(const trainer::TrainConfig& config) {
    if (const std::string why = trainer::validate(config); !why.empty()) {
        std::cerr << "error: " << why << "\n";
        return EXIT_BAD_OPTIONS;
    }
    std::atomic<bool> stop{false};
    match::InterruptWatcher watcher(stop);
    trainer::RunSummary summary;
    std::string error;
    const trainer::RunEnd end =
        trainer::run_training(config, &stop, config.progress ? &std::cerr : nullptr,
                              isatty(STDERR_FILENO), summary, &error);
    if (end == trainer::RunEnd::Failed) {
        std::cerr << "error: " << error << "\n";
        return EXIT_FAILED;
    }
    const trainer::RunState& s = summary.state;
    std::printf(
        "train: %llu steps, %llu positions, epoch %llu, %.1f s this session; loss %.6f, "
        "validation loss %.6f (%llu positions)\n",
        (unsigned long long)s.step, (unsigned long long)s.positions, (unsigned long long)s.epoch,
        summary.seconds, summary.train_loss, summary.val_loss,
        (unsigned long long)summary.validation_positions);
    std::printf("train: checkpoint %s\n", summary.checkpoint.c_str());
    if (end == trainer::RunEnd::Interrupted) {
        std::printf("train: interrupted; continue with --resume %s\n", summary.checkpoint.c_str());
        return EXIT_INTERRUPTED;
    }
    std::printf("train: net %s; log %s, plot %s\n", config.out.c_str(),
                trainer::beside_net(config.out, ".train.csv").c_str(),
                trainer::beside_net(config.out, ".loss.svg").c_str());
    std::printf("train: %s\n", summary.export_report.c_str());
    return 0;
}

void add_train_options(CLI::App* sub, trainer::TrainConfig& c) {
    sub->add_option("--data", c.data, "Training data files or directories")->required();
    sub->add_option("--out", c.out, "Net file to write at the end (log, plot beside it)")
        ->required();
    sub->add_option("--init", c.init, "Start from this net file (fine-tuning)");
    sub->add_option("--resume", c.resume, "Continue from this checkpoint (same configuration)");
    sub->add_option("--checkpoint", c.checkpoint,
                    "Checkpoint path (default: the net's path with extension .ckpt)");
    sub->add_option("--threads", c.threads, "Threads (no effect on the result)");
    sub->add_option("--progress", c.progress, "Progress lines on stderr (true/false)");
    sub->add_option("--max-steps", c.max_steps, "Stop after this many steps (0 = no limit)");
    sub->add_option("--max-positions", c.max_positions,
                    "Stop after training on this many positions (0 = no limit)");
    sub->add_option("--max-epochs", c.max_epochs,
                    "Stop after this many passes over the data (0 = no limit)");
    sub->add_option("--session-steps", c.session_steps,
                    "Steps of this session; then checkpoint and exit 3 (0 = run to the end)");
    sub->add_option("--seed", c.seed, "Seed of initialisation, data order and validation stream");
    sub->add_option("--batch-size", c.batch_size, "Positions per step");
    sub->add_option("--shuffle-buffer", c.shuffle_buffer, "Positions in the shuffle buffer");
    sub->add_option("--validation-fraction", c.validation_fraction,
                    "Share of positions held out for validation (by position hash)");
    sub->add_option("--validation-positions", c.validation_positions,
                    "Most validation positions used");
    sub->add_option("--min-ply", c.filter.min_ply, "Skip positions before this ply");
    sub->add_option("--max-ply", c.filter.max_ply, "Skip positions after this ply");
    sub->add_option("--max-abs-score", c.filter.max_abs_score,
                    "Skip positions whose |score| exceeds this (cp)");
    sub->add_option("--skip-in-check", c.filter.drop_in_check,
                    "Skip positions with the side to move in check (true/false)");
    sub->add_option("--skip-tactical", c.filter.drop_tactical_best,
                    "Skip positions whose best move is a capture or promotion (true/false)");
    sub->add_option("--factorize", c.factorize,
                    "Train king-independent factor rows, folded in at export (true/false)");
    sub->add_option("--fake-quantize", c.fake_quantize,
                    "Forward pass with weights at net-file resolution (true/false)");
    sub->add_option("--score-scale", c.score_scale, "Centipawns per unit of the loss sigmoid");
    sub->add_option("--lambda", c.lambda, "Weight of the search score vs the result, at the start");
    sub->add_option("--lambda-end", c.lambda_end, "... and at the end (linear in between)");
    sub->add_option("--lr", c.lr, "Learning rate (AdamW)");
    sub->add_option("--lr-schedule", c.lr_schedule, "constant | step | cosine");
    sub->add_option("--warmup-steps", c.warmup_steps, "Linear learning-rate warmup steps");
    sub->add_option("--lr-step-every", c.lr_step_every, "Step schedule: steps per decay");
    sub->add_option("--lr-step-gamma", c.lr_step_gamma, "Step schedule: decay factor");
    sub->add_option("--lr-min-ratio", c.lr_min_ratio, "Cosine schedule: final lr / lr");
    sub->add_option("--beta1", c.beta1, "Adam beta1");
    sub->add_option("--beta2", c.beta2, "Adam beta2");
    sub->add_option("--epsilon", c.epsilon, "Adam epsilon");
    sub->add_option("--weight-decay", c.weight_decay, "Decoupled weight decay (weights only)");
    sub->add_option("--log-every", c.log_every, "Steps between log rows");
    sub->add_option("--validate-every", c.validate_every, "Steps between validation losses");
    sub->add_option("--checkpoint-every", c.checkpoint_every, "Steps between checkpoints");
    sub->add_option("--export-check-positions", c.export_check_positions,
                    "Positions on which the exported net is compared with the float model");
}

}  // namespace

void register_train(CLI::App& app, ExitCode& exit_code) {
    auto config = std::make_shared<trainer::TrainConfig>();
    CLI::App* sub = app.add_subcommand(
        "train", "Train an NNUE net on training data (resumable, deterministic by seed)");
    sub->fallthrough();
    sub->option_defaults()->always_capture_default();
    add_train_options(sub, *config);
    sub->callback([config, &exit_code] { exit_code.value = run_train_command(*config); });
}

void register_bench_train(CLI::App& bench, ExitCode& exit_code) {
    auto opt = std::make_shared<trainer::TrainBenchOptions>();
    CLI::App* cmd = bench.add_subcommand(
        "train", "Training speed (positions/s) of the default architecture, with a profile");
    cmd->add_option("--data", opt->data, "Data files or directories (default: synthetic games)");
    cmd->add_option("--threads", opt->threads, "Threads");
    cmd->add_option("--batch-size", opt->batch_size, "Positions per step");
    cmd->add_option("--steps", opt->steps, "Timed steps per measurement");
    cmd->add_option("--factorize", opt->factorize, "Factor rows on (true/false)");
    cmd->add_option("--seed", opt->seed, "Seed");
    cmd->callback([opt, &exit_code] {
        trainer::TrainBenchReport report;
        std::string error;
        if (!trainer::run_train_bench(*opt, report, &error)) {
            std::cerr << "error: " << error << "\n";
            exit_code.value = EXIT_FAILED;
            return;
        }
        trainer::print_train_bench(*opt, report, std::cout);
    });
}

}  // namespace pantheon::app
