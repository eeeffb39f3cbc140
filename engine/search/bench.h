// The search benchmark: a fixed list of positions searched to a fixed depth.
// With one thread the total node count is a deterministic signature of the
// search (any change to search or evaluation changes it).
#pragma once

#include <cstdint>
#include <ostream>
#include <span>
#include <string_view>

namespace pantheon::search {

// Openings from the book and middlegame/endgame positions from the
// reference perft set (hands full of pieces, checks, near-campmate kings).
std::span<const std::string_view> bench_positions();

struct BenchOptions {
    int depth = 9;
    size_t hash_mb = 16;
    int threads = 1;
};

struct BenchResult {
    uint64_t nodes = 0;
    double seconds = 0;
    int positions = 0;
};

// Searches every bench position (table and histories cleared before each);
// one line per position goes to log if given.
BenchResult run_bench(const BenchOptions& options, std::ostream* log = nullptr);

}  // namespace pantheon::search
