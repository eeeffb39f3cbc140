// `pantheon bench nnue`: the cost of the network's pieces, SIMD and scalar:
// one full evaluation from scratch, one incremental update (a move's changes
// applied to both perspectives), and the forward pass from the accumulators.
// Uses --net FILE, else the game's built-in net, else a seeded random net (the
// cost does not depend on the weights). Times are thread CPU time per
// operation. Takes --variant; the measuring code is cmd_bench_nnue_game.cpp.
#include "app/cmd_bench_nnue.h"

#include "app/commands.h"
#include "app/run_for_game.h"
#include "app/variant_option.h"

namespace pantheon::app {

void register_bench_nnue(CLI::App& app, ExitCode& exit_code) {
    CLI::App& bench = *app.get_subcommand("bench");
    auto opt = std::make_shared<BenchNnueRequest>();
    CLI::App* cmd = bench.add_subcommand(
        "nnue", "Cost of one NNUE evaluation, incremental update and forward pass");
    const auto variant = add_variant_option(cmd);
    cmd->add_option("--net", opt->net, "Net file (default: the built-in net, else a random one)");
    cmd->add_option("--games", opt->games, "Random games")->check(CLI::Range(1, 10000));
    cmd->add_option("--plies", opt->plies, "Plies per game")->check(CLI::Range(1, 1000));
    cmd->add_option("--repeats", opt->repeats, "Passes over the games")
        ->check(CLI::Range(1, 100000));
    cmd->add_option("--save-random", opt->save_random,
                    "Write a seeded random net to this file (for speed measurements) and stop");
    cmd->callback([opt, variant, &exit_code] { exit_code.value = run_for_game(*variant, *opt); });
}

}  // namespace pantheon::app
