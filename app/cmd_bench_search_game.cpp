// The game halves of the search benchmarks of `pantheon bench`
// (cmd_bench_search.cpp registers them). Compiled once per game
// (app/CMakeLists.txt).
#include <iostream>
#include <optional>

#include "app/cmd_bench_search.h"
#include "app/game_half.h"
#include "app/position_arg.h"
#include "engine/search/bench.h"
#include "engine/search/search.h"
#include "selfplay/worker_search.h"

namespace pantheon::app {
PANTHEON_VARIANT_BEGIN
namespace {

constexpr const char* EVAL_HAND_CRAFTED = "hce";

// The evaluator `eval` names (match's eval= spelling: "hce", "builtin" or a
// net file; loaded as self-play loads its --net) and how the output names it;
// nullopt with a message when a net does not load. An empty factory is the
// hand-crafted evaluation.
std::optional<search::EvaluatorFactory> evaluator_for(const std::string& eval, std::string& label,
                                                      std::string* error) {
    selfplay::RunEvaluation evaluation;
    const std::string net = eval == EVAL_HAND_CRAFTED ? "" : eval;
    if (!selfplay::load_evaluation(net, evaluation, error)) return std::nullopt;
    label = net.empty() ? "hand-crafted" : "nnue " + net;
    return evaluation.factory;
}

}  // namespace

int half(const BenchSearchRequest& opt, HalfOfThisGame) {
    search::BenchOptions options;
    options.depth = opt.depth ? opt.depth : search::BENCH_DEFAULT_DEPTH;
    options.hash_mb = opt.hash_mb;
    options.threads = opt.threads;
    std::string label, error;
    const auto evaluator = evaluator_for(opt.eval, label, &error);
    if (!evaluator) {
        std::cerr << "error: " << error << "\n";
        return 2;
    }
    options.evaluator = *evaluator;
    const search::BenchResult r = search::run_bench(options, opt.verbose ? &std::cout : nullptr);
    std::cout << "bench search: " << r.positions << " positions, depth " << options.depth
              << ", threads " << opt.threads << ", hash " << opt.hash_mb << " MB, eval " << label
              << "\n"
              << "Total time (ms) : " << int64_t(r.seconds * 1000) << "\n"
              << "Nodes searched  : " << r.nodes << "\n"
              << "Nodes/second    : " << uint64_t(r.nodes / std::max(r.seconds, 1e-9)) << "\n";
    if (r.capped)
        std::cout << "Node cap        : " << r.capped << " of " << r.positions
                  << " positions stopped at " << options.node_cap << " nodes\n";
    return 0;
}

int half(const NpsRequest& opt, HalfOfThisGame) {
    const auto pos = position_arg(opt.fen, "bad FEN: ");
    if (!pos) return 2;
    std::string label, error;
    const auto evaluator =
        evaluator_for(opt.net.empty() ? EVAL_HAND_CRAFTED : opt.net, label, &error);
    if (!evaluator) {
        std::cerr << "error: " << error << "\n";
        return 2;
    }
    search::Engine engine({opt.hash_mb, opt.threads, 0});
    if (*evaluator) engine.set_evaluator(*evaluator);
    search::Limits limits;
    limits.movetime_ms = opt.movetime_ms;
    const search::Result r = engine.search(*pos, limits);
    std::cout << "bench nps: " << r.nodes << " nodes in " << r.time_ms << " ms, depth " << r.depth
              << ", threads " << opt.threads << ", eval " << label << ", "
              << uint64_t(r.nodes * 1000 / uint64_t(std::max<int64_t>(r.time_ms, 1)))
              << " nodes/s\n";
    return 0;
}

int half(const MatesRequest& opt, HalfOfThisGame) {
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

// The command reaches the half through run (app/game_half.h).
template int run(const BenchSearchRequest&);
template int run(const NpsRequest&);
template int run(const MatesRequest&);

PANTHEON_VARIANT_END
}  // namespace pantheon::app
