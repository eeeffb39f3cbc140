#include "engine/search/bench.h"

#include <chrono>
#include <cstdlib>
#include <fstream>

#include "engine/core/notation.h"
#include "engine/search/search.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

std::span<const std::string_view> bench_positions() {
    return Variant::bench_fens;
}

BenchResult run_bench(const BenchOptions& options, std::ostream* log) {
    EngineOptions engine_options;
    engine_options.hash_mb = options.hash_mb;
    engine_options.threads = options.threads;
    Engine engine(engine_options);
    if (options.evaluator) engine.set_evaluator(options.evaluator);
    Limits limits;
    limits.depth = options.depth;
    limits.nodes = options.node_cap;

    BenchResult result;
    const auto start = std::chrono::steady_clock::now();
    for (std::string_view fen : Variant::bench_fens) {
        const auto pos = Position::from_fen(fen);
        if (!pos) continue;  // the list is fixed and valid; guarded all the same
        engine.new_game();
        const Result r = engine.search(*pos, limits);
        result.nodes += r.nodes;
        ++result.positions;
        const bool capped = options.node_cap && r.nodes >= options.node_cap;
        result.capped += capped;
        if (log)
            *log << "position " << result.positions << ": bestmove "
                 << (r.best ? move_to_string(r.best) : std::string("(none)")) << " score "
                 << r.score << " depth " << r.depth << " nodes " << r.nodes
                 << (capped ? " (node cap)" : "") << std::endl;
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

std::optional<std::vector<MateProblem>> load_mate_suite(const std::string& path,
                                                        std::string* error) {
    std::ifstream in(path);
    if (!in) {
        if (error) *error = "cannot open " + path;
        return std::nullopt;
    }
    std::vector<MateProblem> problems;
    int line_number = 0;
    for (std::string line; std::getline(in, line);) {
        ++line_number;
        if (line.empty() || line[0] == '#') continue;
        const size_t tab = line.find('\t');
        MateProblem p;
        p.fen = line.substr(0, tab);
        if (tab != std::string::npos) p.moves = std::atoi(line.c_str() + tab + 1);
        if (!Position::from_fen(p.fen)) {
            if (error) *error = path + ":" + std::to_string(line_number) + ": bad FEN";
            return std::nullopt;
        }
        problems.push_back(std::move(p));
    }
    return problems;
}

MateSuiteResult run_mate_suite(const std::vector<MateProblem>& problems, const Limits& limits,
                               const EngineOptions& options, std::ostream* log) {
    Engine engine(options);
    MateSuiteResult result;
    const auto start = std::chrono::steady_clock::now();
    for (const MateProblem& p : problems) {
        const auto pos = Position::from_fen(p.fen);
        if (!pos) continue;
        engine.new_game();
        int64_t first_ms = -1;
        uint64_t first_nodes = 0;
        const Result r = engine.search(*pos, limits, [&](const Info& info) {
            if (first_ms < 0 && info.multipv == 1 && info.score >= MATE_BOUND &&
                info.bound == Bound::Exact) {
                first_ms = info.time_ms;
                first_nodes = info.nodes;
            }
        });
        const bool solved = r.score >= MATE_BOUND;
        if (solved && first_ms < 0) {  // the mate came with the final report only
            first_ms = r.time_ms;
            first_nodes = r.nodes;
        }
        ++result.problems;
        result.solved += solved;
        result.solve_ms.push_back(solved ? first_ms : -1);
        result.solve_nodes.push_back(solved ? first_nodes : 0);
        if (log)
            *log << "problem " << result.problems << " (mate " << p.moves << "): "
                 << (solved ? "solved, mate " + std::to_string(mate_in_moves(r.score)) + " after " +
                                  std::to_string(first_ms) + " ms, " + std::to_string(first_nodes) +
                                  " nodes"
                            : std::string("not solved"))
                 << "\n";
    }
    result.total_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search
