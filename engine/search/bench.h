// The search benchmark: a fixed list of positions searched to a fixed depth.
// With one thread the total node count is a deterministic signature of the
// search (any change to search or evaluation changes it).
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/search/search.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

// Openings from the book and middlegame/endgame positions from the
// reference perft set (hands full of pieces, checks, near-campmate kings):
// the game's Variant::bench_fens (engine/core/games/<name>.h).
std::span<const std::string_view> bench_positions();

// The default depth: a few seconds of search (the 10x10 game branches more).
constexpr int BENCH_DEFAULT_DEPTH = Variant::bench_depth;
// Nodes one position may take before its search is stopped: a position whose
// tree explodes at the bench depth (Pandemonium's eighth with the built-in
// net and full hands) would otherwise never end. Counted, so still exact
// with one thread; the output says how many positions reached it.
constexpr uint64_t BENCH_NODE_CAP = 4'000'000;

struct BenchOptions {
    int depth = BENCH_DEFAULT_DEPTH;
    size_t hash_mb = 16;
    int threads = 1;
    // The evaluation searched with (Engine::set_evaluator); empty: the
    // hand-crafted one. `pantheon bench` passes the built-in net's.
    EvaluatorFactory evaluator;
    uint64_t node_cap = BENCH_NODE_CAP;  // per position; 0: none
};

struct BenchResult {
    uint64_t nodes = 0;
    double seconds = 0;
    int positions = 0;
    int capped = 0;  // positions whose search stopped at the node cap
};

// Searches every bench position (table and histories cleared before each);
// one line per position goes to log if given.
BenchResult run_bench(const BenchOptions& options, std::ostream* log = nullptr);

// --- mate suite ---------------------------------------------------------------
// Positions where the side to move forces a win; a problem is solved when the
// search reports a winning mate score within the limits.
struct MateProblem {
    std::string fen;
    int moves = 0;  // mate length as recorded (informative)
};
// Reads "FEN<TAB>N" lines ('#' comments, blank lines skipped).
std::optional<std::vector<MateProblem>> load_mate_suite(const std::string& path,
                                                        std::string* error);

struct MateSuiteResult {
    int problems = 0;
    int solved = 0;
    double total_seconds = 0;
    std::vector<int64_t> solve_ms;      // per problem; -1 when unsolved
    std::vector<uint64_t> solve_nodes;  // nodes when the mate score first appeared; 0 if unsolved
};
// Each problem from a cleared table, under the given limits (one thread
// unless options say otherwise); a line per problem goes to log if given.
MateSuiteResult run_mate_suite(const std::vector<MateProblem>& problems, const Limits& limits,
                               const EngineOptions& options, std::ostream* log = nullptr);

PANTHEON_VARIANT_END
}  // namespace pantheon::search
