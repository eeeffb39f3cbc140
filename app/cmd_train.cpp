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
#include "app/setting_options.h"
#include "app/variant_option.h"
#include "trainer/train_settings.h"

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

}  // namespace pantheon::app
