// `pantheon train`: fit an NNUE net to training data (trainer/), and
// `pantheon bench train`, its speed. Every option can also come from a TOML
// file (`--config configs/train.toml`, section [train]); the command line
// wins. Exit status: 0 finished (net written), 3 interrupted or session over
// (checkpoint written, continue with --resume), 2 bad options, 1 any other
// failure. --variant picks the game; without it, the data files' headers do,
// and data of the other game than --variant names is refused before any work.
#include <atomic>
#include <iostream>

#include "app/commands.h"
#include "app/data_variant.h"
#include "app/filter_options.h"
#include "app/game_commands.h"
#include "app/setting_options.h"
#include "app/variant_option.h"
#include "trainer/train_settings.h"
#include "util/interrupt_watcher.h"

namespace pantheon::app {

namespace {

int run_train_command(const trainer::TrainConfig& config, const std::string& given) {
    std::string variant, error;
    if (!resolve_data_variant(config.data, given, variant, &error)) {
        std::cerr << "error: " << error << "\n";
        return EXIT_TRAIN_BAD_OPTIONS;
    }
    const GameCommands* game = find_game(variant, std::cerr);
    if (!game) return EXIT_TRAIN_BAD_OPTIONS;
    std::atomic<bool> stop{false};
    util::InterruptWatcher watcher(stop);
    return game->train(config, &stop);
}

void add_train_options(CLI::App* sub, trainer::TrainConfig& c) {
    sub->add_option("--data", c.data, "Training data files or directories")->required();
    sub->add_option("--out", c.out, "Net file to write at the end (log, plot beside it)")
        ->required();
    sub->add_option("--init", c.init, "Start from this net file (fine-tuning)");
    sub->add_option("--resume", c.resume, "Continue from this checkpoint (same configuration)");
    sub->add_option("--checkpoint", c.checkpoint,
                    "Checkpoint path (default: the net's path with extension .ckpt)");
    sub->add_option("--progress", c.progress, "Progress lines on stderr (true/false)");
    sub->add_option("--session-steps", c.session_steps,
                    "Steps of this session; then checkpoint and exit 3 (0 = run to the end)");
    const auto add = [&](const util::Setting& setting, auto& field) {
        add_setting_option(*sub, setting, field);
    };
    trainer::visit_train_settings(add, c);
    add_position_filter_aliases(*sub, c.filter);
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

void register_bench_train(CLI::App& bench, ExitCode& exit_code) {
    auto opt = std::make_shared<trainer::TrainBenchOptions>();
    CLI::App* cmd = bench.add_subcommand(
        "train", "Training speed (positions/s) of the default architecture, with a profile");
    const auto variant =
        add_data_variant_option(cmd, "without --data: synthetic games of the first game");
    cmd->add_option("--data", opt->data, "Data files or directories (default: synthetic games)");
    cmd->add_option("--threads", opt->threads, "Threads");
    cmd->add_option("--batch-size", opt->batch_size, "Positions per step");
    cmd->add_option("--steps", opt->steps, "Timed steps per measurement");
    cmd->add_option("--factorize", opt->factorize, "Factor rows on (true/false)");
    cmd->add_option("--seed", opt->seed, "Seed");
    cmd->callback([opt, variant, cmd, &exit_code] {
        std::string game, error;
        if (!resolve_data_variant(opt->data, given_variant(cmd, *variant), game, &error)) {
            std::cerr << "error: " << error << "\n";
            exit_code.value = EXIT_TRAIN_BAD_OPTIONS;
            return;
        }
        exit_code.value = run_for_game(game, &GameCommands::bench_train, *opt);
    });
}

}  // namespace pantheon::app
