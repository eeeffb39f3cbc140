// The requests of `pantheon bench search`, `bench nps` and `bench mates`:
// what cmd_bench_search.cpp reads from the command line and the game's
// halves (cmd_bench_search_game.cpp, compiled once per game) run.
// Variant-free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace pantheon::app {

// The fixed-depth benchmark over the variant's bench positions.
struct BenchSearchRequest {
    int depth = 0;  // 0: the variant's default (search::BENCH_DEFAULT_DEPTH)
    size_t hash_mb = 16;
    int threads = 1;
    bool verbose = false;  // one line per position
    // What evaluates: "builtin" (the game's built-in net), "hce" (the
    // hand-crafted evaluation) or a net file; the spelling of match's eval=.
    std::string eval = "builtin";
};

// Search speed from one position for a fixed time.
struct NpsRequest {
    std::string fen;  // empty: the variant's start position
    int64_t movetime_ms = 5000;
    int threads = 1;
    size_t hash_mb = 16;
    std::string net;  // NNUE net file ("builtin": the built-in net); empty: hand-crafted
};

// Forced wins found within a time or node limit.
struct MatesRequest {
    std::string file = "tests/search/data/mate_suite.tsv";
    int64_t movetime_ms = 1000;
    uint64_t nodes = 0;
    int threads = 1;
    bool verbose = false;
};

}  // namespace pantheon::app
