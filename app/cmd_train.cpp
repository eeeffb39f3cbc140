// `pantheon train`: fit an NNUE net to training data (trainer/; `pantheon
// bench train` measures its speed). Every option can also come from a TOML
// file (`--config configs/train.toml`, section [train]); the command line
// wins. Exit status: 0 finished (net written), 3 interrupted or session over
// (checkpoint written, continue with --resume), 2 bad options, 1 any other
// failure. --variant picks the game; without it, the data files' headers do,
// and data of the other game than --variant names is refused before any work.
#include "app/cmd_train.h"

#include <iostream>

#include "app/commands.h"
#include "app/data_variant.h"
#include "app/filter_options.h"
#include "app/run_for_game.h"
#include "app/variant_option.h"

namespace pantheon::app {

namespace {

int run_train_command(const trainer::TrainConfig& config, const std::string& given) {
    std::string variant, error;
    if (!resolve_data_variant(config.data, given, variant, &error)) {
        std::cerr << "error: " << error << "\n";
        return EXIT_TRAIN_BAD_OPTIONS;
    }
    return run_for_game(variant, config, EXIT_TRAIN_BAD_OPTIONS);
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
    add_position_filter_options(*sub, c.filter);
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
    sub->add_option("--save-every", c.save_every,
                    "Steps between playable nets written beside the final one as "
                    "NET.step-N.nnue (0 = none)");
    sub->add_option("--keep-nets", c.keep_nets, "Nets along the way kept (the newest)");
    sub->add_option("--note", c.note,
                    "Free text stored in the net's lineage (pantheon net info shows it)");
}

}  // namespace

void register_train(CLI::App& app, ExitCode& exit_code) {
    auto config = std::make_shared<trainer::TrainConfig>();
    CLI::App* sub = app.add_subcommand(
        "train", "Train an NNUE net on training data (resumable, deterministic by seed)");
    sub->fallthrough();
    sub->option_defaults()->always_capture_default();
    const auto variant = add_data_variant_option(sub);
    add_train_options(sub, *config);
    sub->callback([config, variant, sub, &exit_code] {
        exit_code.value = run_train_command(*config, given_variant(sub, *variant));
    });
}

}  // namespace pantheon::app
