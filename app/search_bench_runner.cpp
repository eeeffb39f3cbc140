// The search benchmarks of `pantheon bench` (bench_search.cpp registers
// them): compiled once per variant like perft_runner.cpp.
#include <iostream>

#include "app/game_command_halves.h"
#include "app/position_arg.h"
#include "engine/search/bench.h"
#include "engine/search/nnue_evaluator.h"
#include "engine/search/search.h"
#include "nnue/builtin_net.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN
namespace {

using app::BenchSearchRequest;
using app::MatesRequest;
using app::NpsRequest;

int bench_search(const BenchSearchRequest& opt) {
    search::BenchOptions options;
    options.depth = opt.depth ? opt.depth : search::BENCH_DEFAULT_DEPTH;
    options.hash_mb = opt.hash_mb;
    options.threads = opt.threads;
    const search::BenchResult r = search::run_bench(options, opt.verbose ? &std::cout : nullptr);
    std::cout << "bench search: " << r.positions << " positions, depth " << options.depth
              << ", threads " << opt.threads << ", hash " << opt.hash_mb << " MB\n"
              << "Total time (ms) : " << int64_t(r.seconds * 1000) << "\n"
              << "Nodes searched  : " << r.nodes << "\n"
              << "Nodes/second    : " << uint64_t(r.nodes / std::max(r.seconds, 1e-9)) << "\n";
    return 0;
}

int bench_nps(const NpsRequest& opt) {
    const auto pos = position_arg(opt.fen, "bad FEN: ");
    if (!pos) return 2;
    std::string error;
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

int bench_mates(const MatesRequest& opt) {
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
PANTHEON_VARIANT_END

namespace app {
PANTHEON_VARIANT_BEGIN
int run_bench_search(const BenchSearchRequest& r) {
    return bench_search(r);
}
int run_bench_nps(const NpsRequest& r) {
    return bench_nps(r);
}
int run_bench_mates(const MatesRequest& r) {
    return bench_mates(r);
}
PANTHEON_VARIANT_END
}  // namespace app

}  // namespace pantheon
