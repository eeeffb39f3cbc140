// `pantheon bench` / `pantheon bench search`: the fixed-depth search benchmark
// (total nodes are a deterministic signature with one thread), and
// `pantheon bench nps`: search speed from one position for a fixed time;
// `pantheon bench mates`: how many forced wins of a suite are found in time.
#include <iostream>

#include "app/commands.h"
#include "engine/search/bench.h"
#include "engine/search/nnue_evaluator.h"
#include "engine/search/search.h"
#include "nnue/builtin_net.h"

namespace pantheon::app {

namespace {

int run_bench_search(const search::BenchOptions& opt, bool verbose) {
    const search::BenchResult r = search::run_bench(opt, verbose ? &std::cout : nullptr);
    std::cout << "bench search: " << r.positions << " positions, depth " << opt.depth
              << ", threads " << opt.threads << ", hash " << opt.hash_mb << " MB\n"
              << "Total time (ms) : " << int64_t(r.seconds * 1000) << "\n"
              << "Nodes searched  : " << r.nodes << "\n"
              << "Nodes/second    : " << uint64_t(r.nodes / std::max(r.seconds, 1e-9)) << "\n";
    return 0;
}

struct NpsOptions {
    std::string fen{Variant::start_fen};
    int64_t movetime_ms = 5000;
    int threads = 1;
    size_t hash_mb = 16;
    std::string net;  // NNUE net file ("builtin": the built-in net); empty: hand-crafted
};

int run_bench_nps(const NpsOptions& opt) {
    std::string error;
    const auto pos = Position::from_fen(opt.fen, &error);
    if (!pos) {
        std::cerr << "error: bad FEN: " << error << "\n";
        return 2;
    }
    search::Engine engine({opt.hash_mb, opt.threads, 0});
    if (!opt.net.empty()) {
        const auto net = nnue::load_network(opt.net == "builtin" ? "" : opt.net, &error);
        if (!net) {
            std::cerr << "error: " << error << "\n";
            return 2;
        }
        engine.set_evaluator(search::nnue_evaluator_factory(net));
    }
    search::Limits limits;
    limits.movetime_ms = opt.movetime_ms;
    const search::Result r = engine.search(*pos, limits);
    std::cout << "bench nps: " << r.nodes << " nodes in " << r.time_ms << " ms, depth " << r.depth
              << ", threads " << opt.threads << ", eval "
              << (opt.net.empty() ? std::string("hand-crafted") : "nnue " + opt.net) << ", "
              << uint64_t(r.nodes * 1000 / uint64_t(std::max<int64_t>(r.time_ms, 1)))
              << " nodes/s\n";
    return 0;
}

struct MatesOptions {
    std::string file = "tests/search/data/mate_suite.tsv";
    int64_t movetime_ms = 1000;
    uint64_t nodes = 0;
    int threads = 1;
    bool verbose = false;
};

int run_bench_mates(const MatesOptions& opt) {
    std::string error;
    const auto problems = search::load_mate_suite(opt.file, &error);
    if (!problems) {
        std::cerr << "error: " << error << "\n";
        return 2;
    }
    search::Limits limits;
    if (opt.nodes)
        limits.nodes = opt.nodes;
    else
        limits.movetime_ms = opt.movetime_ms;
    search::EngineOptions engine_options;
    engine_options.threads = opt.threads;
    engine_options.move_overhead_ms = 0;
    const search::MateSuiteResult r = search::run_mate_suite(*problems, limits, engine_options,
                                                             opt.verbose ? &std::cout : nullptr);
    int64_t solved_ms = 0;
    for (int64_t ms : r.solve_ms) solved_ms += std::max<int64_t>(ms, 0);
    std::cout << "bench mates: " << r.solved << "/" << r.problems << " solved ("
              << (r.problems ? 100.0 * r.solved / r.problems : 0.0) << "%), limit "
              << (opt.nodes ? std::to_string(opt.nodes) + " nodes"
                            : std::to_string(opt.movetime_ms) + " ms")
              << " each, mean time to mate " << (r.solved ? solved_ms / r.solved : 0) << " ms\n";
    return 0;
}

}  // namespace

void register_bench_search(CLI::App& bench, ExitCode& exit_code) {
    auto opt = std::make_shared<search::BenchOptions>();
    auto verbose = std::make_shared<bool>(false);
    CLI::App* cmd =
        bench.add_subcommand("search", "Fixed-depth search over the bench positions (the default)");
    cmd->add_option("--depth", opt->depth, "Search depth")->check(CLI::Range(1, 40));
    cmd->add_option("--threads", opt->threads, "Search threads")->check(CLI::Range(1, 256));
    cmd->add_option("--hash", opt->hash_mb, "Hash table size in MB")->check(CLI::Range(1, 65536));
    cmd->add_flag("--verbose", *verbose, "One line per position");
    cmd->callback(
        [opt, verbose, &exit_code] { exit_code.value = run_bench_search(*opt, *verbose); });
    // `pantheon bench` alone runs the search benchmark with its defaults.
    bench.final_callback([&bench, &exit_code] {
        if (bench.get_subcommands().empty()) exit_code.value = run_bench_search({}, false);
    });

    auto nps = std::make_shared<NpsOptions>();
    CLI::App* nps_cmd =
        bench.add_subcommand("nps", "Search speed from one position for a fixed time");
    nps_cmd->add_option("--fen", nps->fen, "Position (default: start position)");
    nps_cmd->add_option("--movetime", nps->movetime_ms, "Milliseconds")
        ->check(CLI::Range(1, 3600000));
    nps_cmd->add_option("--threads", nps->threads, "Search threads")->check(CLI::Range(1, 256));
    nps_cmd->add_option("--hash", nps->hash_mb, "Hash table size in MB")
        ->check(CLI::Range(1, 65536));
    nps_cmd->add_option("--net", nps->net,
                        "Search with NNUE using this net file ('builtin': the built-in net)");
    nps_cmd->callback([nps, &exit_code] { exit_code.value = run_bench_nps(*nps); });

    auto mates = std::make_shared<MatesOptions>();
    CLI::App* mates_cmd =
        bench.add_subcommand("mates", "Forced wins found within a time or node limit");
    mates_cmd->add_option("--file", mates->file, "Suite: FEN<TAB>N lines");
    mates_cmd->add_option("--movetime", mates->movetime_ms, "Milliseconds per problem")
        ->check(CLI::Range(1, 3600000));
    mates_cmd->add_option("--nodes", mates->nodes, "Nodes per problem instead of a time limit");
    mates_cmd->add_option("--threads", mates->threads, "Search threads")->check(CLI::Range(1, 256));
    mates_cmd->add_flag("--verbose", mates->verbose, "One line per problem");
    mates_cmd->callback([mates, &exit_code] { exit_code.value = run_bench_mates(*mates); });
}

}  // namespace pantheon::app
