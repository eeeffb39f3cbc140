// `pantheon bench selfplay`: self-play throughput (games/s, positions/s) and
// the size of the data it produces (bytes per position), measured on a fresh
// run in a temporary directory (cmd_bench_selfplay_game.cpp, once per game).
#include "app/cmd_bench_selfplay.h"

#include "app/commands.h"
#include "app/run_for_game.h"
#include "app/variant_option.h"

namespace pantheon::app {

void register_bench_selfplay(CLI::App& app, ExitCode& exit_code) {
    CLI::App& bench = *app.get_subcommand("bench");
    auto opt = std::make_shared<BenchSelfplayCommand>();
    selfplay::SelfplayOptions& o = opt->run;
    o.games = 16;
    o.threads = 2;
    o.seed = 1;
    CLI::App* cmd = bench.add_subcommand(
        "selfplay", "Self-play speed (positions/s) and data size (bytes/position)");
    cmd->add_option("--games", o.games, "Games to play (one chunk file if <= --chunk-games)");
    cmd->add_option("--threads", o.threads, "Worker threads");
    cmd->add_option("--nodes", o.search.nodes, "Search nodes per move");
    cmd->add_option("--depth", o.search.depth, "Search depth per move (0 = no depth limit)");
    cmd->add_option("--seed", o.seed, "Run seed");
    cmd->add_option("--chunk-games", o.chunk_games, "Games per chunk file");
    cmd->add_option("--keep", opt->keep, "Write the games here (an empty or new directory)");
    const auto variant = add_variant_option(cmd);
    cmd->callback([opt, variant, &exit_code] { exit_code.value = run_for_game(*variant, *opt); });
}

}  // namespace pantheon::app
