// `pantheon bench train`: training speed (positions/s) of the default
// architecture, with a profile (trainer/train_bench.h), on the given data or
// synthetic games. Like `pantheon train` it takes the game from the data
// files' headers (--variant is checked against them); the measuring code is
// cmd_bench_train_game.cpp.
#include <iostream>

#include "app/cmd_train.h"
#include "app/commands.h"
#include "app/data_variant.h"
#include "app/run_for_game.h"
#include "app/variant_option.h"
#include "trainer/train_bench.h"

namespace pantheon::app {

void register_bench_train(CLI::App& app, ExitCode& exit_code) {
    CLI::App& bench = *app.get_subcommand("bench");
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
        exit_code.value = run_for_game(game, *opt);
    });
}

}  // namespace pantheon::app
