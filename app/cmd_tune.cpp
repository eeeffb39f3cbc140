// `pantheon tune`: fit the hand-crafted evaluation's parameters to game
// results (tuner/, docs/TUNING.md). Every option can also come from a TOML
// file (`--config configs/tune.toml`, section [tune]). Exit status: 0 written,
// 2 bad options, 1 any other failure (unreadable or empty data, unwritable output).
// --variant picks the game; without it, the data files' headers do, and data
// of the other game than --variant names is refused before any work.
#include "app/cmd_tune.h"

#include <iostream>

#include "app/cmd_train.h"
#include "app/commands.h"
#include "app/data_variant.h"
#include "app/filter_options.h"
#include "app/run_for_game.h"
#include "app/variant_option.h"

namespace pantheon::app {

namespace {

int run_tune_command(const tuner::TuneConfig& config, bool progress, const std::string& given) {
    std::string variant, error;
    if (!resolve_data_variant(config.data, given, variant, &error)) {
        std::cerr << "error: " << error << "\n";
        return EXIT_TRAIN_BAD_OPTIONS;
    }
    return run_for_game(variant, TuneRequest{config, progress});
}

}  // namespace

void register_tune(CLI::App& app, ExitCode& exit_code) {
    auto config = std::make_shared<tuner::TuneConfig>();
    auto progress = std::make_shared<bool>(true);
    CLI::App* sub = app.add_subcommand(
        "tune", "Fit the hand-crafted evaluation's parameters to self-play game results");
    sub->fallthrough();
    sub->option_defaults()->always_capture_default();
    const auto variant = add_data_variant_option(sub);
    tuner::TuneConfig& c = *config;
    sub->add_option("--data", c.data, "Training data files or directories")->required();
    sub->add_option(
           "--out", c.out,
           "Weights header to write (the game's engine/search/eval_weights*.h, the file its "
           "engine/core/games/<game>.h names)")
        ->required();
    sub->add_option("--threads", c.fit.threads, "Threads (no effect on the result)");
    sub->add_option("--iterations", c.fit.iterations, "Adam steps over all positions");
    sub->add_option("--lr", c.fit.lr, "Adam step of centipawn parameters at the start");
    sub->add_option("--units-lr", c.fit.units_lr, "Adam step of king-danger units at the start");
    sub->add_option("--lr-end-ratio", c.fit.lr_end_ratio, "Cosine decay: final step / step");
    sub->add_option("--l2", c.fit.l2, "L2 pull towards the starting values, per cp^2");
    sub->add_option("--k", c.k, "Sigmoid scale in cp (0 = fit it first)");
    sub->add_option("--holdout-every", c.holdout_every,
                    "Hold out every N-th position for the held-out loss (0 = none)");
    sub->add_option("--max-positions", c.load.max_positions, "Read at most this many (0 = all)");
    add_position_filter_options(*sub, c.load.filter);
    sub->add_option("--progress", *progress, "Progress lines on stderr (true/false)");
    sub->callback([config, progress, variant, sub, &exit_code] {
        config->load.threads = config->fit.threads;
        exit_code.value = run_tune_command(*config, *progress, given_variant(sub, *variant));
    });
}

}  // namespace pantheon::app
