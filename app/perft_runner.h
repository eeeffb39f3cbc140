// `pantheon perft` and `pantheon bench perft` for both games: the counting
// code (perft_runner.cpp) is compiled once per variant, each copy against its
// variant's rules core, and cmd_perft.cpp / cmd_bench.cpp dispatch on
// --variant. This header is variant-independent.
#pragma once

#include <string>

namespace pantheon::app {

struct PerftRequest {
    std::string fen;  // empty: the variant's start position
    int depth = 1;
    bool divide = false;
    std::string suite;
    int max_depth = 0;  // 0: every depth listed in the suite
};

// Exit status: 0 all counted (and matched), 1 a suite mismatch, 2 bad input.
int run_perft_mansindam(const PerftRequest& request);
int run_perft_pandemonium(const PerftRequest& request);

// `pantheon bench perft`: single-threaded perft speed, the best of `repeat` runs.
struct BenchPerftRequest {
    std::string fen;  // empty: the variant's start position
    int depth = 5;
    int repeat = 3;
};

// Exit status: 0 measured, 2 bad input.
int run_bench_perft_mansindam(const BenchPerftRequest& request);
int run_bench_perft_pandemonium(const BenchPerftRequest& request);

}  // namespace pantheon::app
