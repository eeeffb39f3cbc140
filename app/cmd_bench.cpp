// `pantheon bench ...`: speed measurements. `bench perft` times single-threaded
// perft from the start position (bulk counting at the last ply).
#include <chrono>
#include <iostream>

#include "app/commands.h"
#include "engine/core/perft.h"

namespace pantheon::app {

namespace {

struct BenchPerftOptions {
    std::string fen{Variant::start_fen};
    int depth = 5;
    int repeat = 3;
};

int run_bench_perft(const BenchPerftOptions& opt) {
    std::string error;
    auto pos = Position::from_fen(opt.fen, &error);
    if (!pos) {
        std::cerr << "error: " << error << "\n";
        return 2;
    }
    double best = 1e300;
    uint64_t nodes = 0;
    for (int i = 0; i < opt.repeat; ++i) {
        const auto start = std::chrono::steady_clock::now();
        nodes = perft(*pos, opt.depth);
        best = std::min(
            best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::cout << "perft " << opt.depth << ": " << nodes << " nodes, best of " << opt.repeat << " "
              << best << " s, " << uint64_t(nodes / std::max(best, 1e-9)) << " nodes/s\n";
    return 0;
}

}  // namespace

void register_bench(CLI::App& app, ExitCode& exit_code) {
    CLI::App* bench = app.add_subcommand("bench", "Speed benchmarks");
    bench->require_subcommand(0, 1);
    auto perft_opt = std::make_shared<BenchPerftOptions>();
    CLI::App* perft_cmd = bench->add_subcommand("perft", "Single-threaded perft speed");
    perft_cmd->add_option("--fen", perft_opt->fen, "Position (default: start position)");
    perft_cmd->add_option("--depth", perft_opt->depth, "Depth")->check(CLI::Range(1, 12));
    perft_cmd->add_option("--repeat", perft_opt->repeat, "Runs; the fastest is reported")
        ->check(CLI::Range(1, 100));
    perft_cmd->callback([perft_opt, &exit_code] { exit_code.value = run_bench_perft(*perft_opt); });
    register_bench_search(*bench, exit_code);
    register_bench_selfplay(*bench, exit_code);
    register_bench_train(*bench, exit_code);
    register_bench_nnue(*bench, exit_code);
}

}  // namespace pantheon::app
