// `pantheon bench ...`: speed measurements. `bench perft` times single-threaded
// perft from the start position (bulk counting at the last ply) of the game
// --variant names (the counting is cmd_bench_game.cpp); the other benchmarks
// are subcommands of their own files (cmd_bench_*.cpp).
#include "app/cmd_bench.h"

#include "app/commands.h"
#include "app/run_for_game.h"
#include "app/variant_option.h"

namespace pantheon::app {

void register_bench(CLI::App& app, ExitCode& exit_code) {
    CLI::App* bench = app.add_subcommand("bench", "Speed benchmarks");
    bench->require_subcommand(0, 1);
    auto perft_opt = std::make_shared<BenchPerftRequest>();
    CLI::App* perft_cmd = bench->add_subcommand("perft", "Single-threaded perft speed");
    const auto perft_variant = add_variant_option(perft_cmd);
    perft_cmd->add_option("--fen", perft_opt->fen,
                          "Position (default: the variant's start position)");
    perft_cmd->add_option("--depth", perft_opt->depth, "Depth")->check(CLI::Range(1, 12));
    perft_cmd->add_option("--repeat", perft_opt->repeat, "Runs; the fastest is reported")
        ->check(CLI::Range(1, 100));
    perft_cmd->callback([perft_opt, perft_variant, &exit_code] {
        exit_code.value = run_for_game(*perft_variant, *perft_opt);
    });
}

}  // namespace pantheon::app
