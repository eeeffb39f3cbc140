// `pantheon bench` / `pantheon bench search`: the fixed-depth search benchmark
// with the game's built-in net (total nodes are a deterministic signature with
// one thread; `--eval hce` gives the hand-crafted evaluation's), and
// `pantheon bench nps`: search speed from one position for a fixed time;
// `pantheon bench mates`: how many forced wins of a suite are found in time.
// Each takes --variant; the running code is cmd_bench_search_game.cpp.
#include "app/cmd_bench_search.h"

#include "app/commands.h"
#include "app/run_for_game.h"
#include "app/variant_option.h"

namespace pantheon::app {

void register_bench_search(CLI::App& app, ExitCode& exit_code) {
    CLI::App& bench = *app.get_subcommand("bench");
    auto opt = std::make_shared<BenchSearchRequest>();
    CLI::App* cmd =
        bench.add_subcommand("search", "Fixed-depth search over the bench positions (the default)");
    const auto variant = add_variant_option(cmd);
    cmd->add_option("--depth", opt->depth, "Search depth (default: the game's bench depth)")
        ->check(CLI::Range(1, 40));
    cmd->add_option("--threads", opt->threads, "Search threads")->check(CLI::Range(1, 256));
    cmd->add_option("--hash", opt->hash_mb, "Hash table size in MB")->check(CLI::Range(1, 65536));
    cmd->add_option("--eval", opt->eval,
                    "What evaluates: builtin (the game's built-in net), hce (the hand-crafted "
                    "evaluation) or a net file");
    cmd->add_flag("--verbose", opt->verbose, "One line per position");
    cmd->callback([opt, variant, &exit_code] { exit_code.value = run_for_game(*variant, *opt); });
    // `pantheon bench` alone runs the search benchmark with its defaults.
    bench.final_callback([&bench, &exit_code] {
        if (bench.get_subcommands().empty())
            exit_code.value = run_for_game(VARIANT_NAMES[0], BenchSearchRequest{});
    });

    auto nps = std::make_shared<NpsRequest>();
    CLI::App* nps_cmd =
        bench.add_subcommand("nps", "Search speed from one position for a fixed time");
    const auto nps_variant = add_variant_option(nps_cmd);
    nps_cmd->add_option("--fen", nps->fen, "Position (default: start position)");
    nps_cmd->add_option("--movetime", nps->movetime_ms, "Milliseconds")
        ->check(CLI::Range(1, 3600000));
    nps_cmd->add_option("--threads", nps->threads, "Search threads")->check(CLI::Range(1, 256));
    nps_cmd->add_option("--hash", nps->hash_mb, "Hash table size in MB")
        ->check(CLI::Range(1, 65536));
    nps_cmd->add_option("--net", nps->net,
                        "Search with NNUE using this net file ('builtin': the built-in net)");
    nps_cmd->callback(
        [nps, nps_variant, &exit_code] { exit_code.value = run_for_game(*nps_variant, *nps); });

    auto mates = std::make_shared<MatesRequest>();
    CLI::App* mates_cmd =
        bench.add_subcommand("mates", "Forced wins found within a time or node limit");
    const auto mates_variant = add_variant_option(mates_cmd);
    mates_cmd->add_option("--file", mates->file, "Suite: FEN<TAB>N lines");
    mates_cmd->add_option("--movetime", mates->movetime_ms, "Milliseconds per problem")
        ->check(CLI::Range(1, 3600000));
    mates_cmd->add_option("--nodes", mates->nodes, "Nodes per problem instead of a time limit");
    mates_cmd->add_option("--threads", mates->threads, "Search threads")->check(CLI::Range(1, 256));
    mates_cmd->add_flag("--verbose", mates->verbose, "One line per problem");
    mates_cmd->callback([mates, mates_variant, &exit_code] {
        exit_code.value = run_for_game(*mates_variant, *mates);
    });
}

}  // namespace pantheon::app
