// Public interface of the search: an Engine owns the transposition table, the
// worker threads and the evaluator, and answers "best move for this position
// under these limits". Used by UCI, self-play and the tournament runner.
//
// Determinism: with threads = 1, after new_game(), a search limited only by
// depth and/or nodes visits exactly the same nodes and returns the same result
// on every run (the clock is never consulted in that case).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/core/position.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

class Evaluator;  // engine/search/evaluator.h
// Makes one evaluator per search thread.
using EvaluatorFactory = std::function<std::unique_ptr<Evaluator>()>;

// --- scores --------------------------------------------------------------
// Scores are from the side to move's point of view, in centipawns, except
// mate scores: MATE_SCORE - n means "side to move mates in n plies",
// -(MATE_SCORE - n) means "side to move is mated in n plies".
constexpr int MAX_PLY = 128;
constexpr int MATE_SCORE = 32000;
constexpr int MATE_BOUND = MATE_SCORE - 2 * MAX_PLY;  // |score| >= this is a mate
constexpr int INFINITE_SCORE = 32500;
constexpr int NO_SCORE = 32600;  // internal "unknown"
constexpr int DRAW_SCORE = 0;    // Pandemonium's draws (Mansindam has none)

constexpr int mate_in(int ply) {
    return MATE_SCORE - ply;
}
constexpr int mated_in(int ply) {
    return -MATE_SCORE + ply;
}
constexpr bool is_mate_score(int score) {
    return score >= MATE_BOUND || score <= -MATE_BOUND;
}
// Plies to the mate: positive when the side to move mates, negative when it is
// mated, 0 for a non-mate score.
constexpr int mate_in_plies(int score) {
    if (score >= MATE_BOUND) return MATE_SCORE - score;
    if (score <= -MATE_BOUND) return -(MATE_SCORE + score);
    return 0;
}
// UCI "score mate N": moves (not plies), negative when mated.
constexpr int mate_in_moves(int score) {
    const int plies = mate_in_plies(score);
    return plies > 0 ? (plies + 1) / 2 : -((-plies) / 2);
}

// --- what to search --------------------------------------------------------
struct Limits {
    int depth = 0;                       // 0 = no depth limit
    uint64_t nodes = 0;                  // 0 = no node limit (summed over threads)
    int64_t movetime_ms = 0;             // 0 = not set
    int64_t time_ms[COLOR_NB] = {0, 0};  // remaining clock (wtime, btime); 0 = not set
    int64_t inc_ms[COLOR_NB] = {0, 0};   // increment per move (winc, binc)
    int movestogo = 0;                   // 0 = sudden death / not set
    bool infinite = false;               // search until stop()
    bool ponder = false;                 // "go ponder": no time limit until ponderhit()
    int mate = 0;                        // stop once a mate in this many moves is found
    int multipv = 1;                     // number of best lines to report (>= 1)
    std::vector<Move> searchmoves;       // restrict the root to these moves (empty = all)

    bool use_clock() const { return movetime_ms > 0 || time_ms[WHITE] > 0 || time_ms[BLACK] > 0; }
};

enum class Bound : uint8_t { None, Upper, Lower, Exact };

// One principal variation of a (multi-PV) result.
struct Line {
    int score = 0;  // side to move's view, centipawns or mate-encoded
    int depth = 0;
    std::vector<Move> pv;  // pv[0] is the root move
};

struct Result {
    Move best;      // Move::none() iff the side to move has no game-legal move
    Move ponder;    // second move of the best line, if known
    int score = 0;  // of the best line
    int depth = 0;  // last completed iteration
    int seldepth = 0;
    uint64_t nodes = 0;  // all threads
    int64_t time_ms = 0;
    std::vector<Line> lines;  // best first; size = multipv (or fewer game-legal moves)
};

// What one UCI "info" line reports (sent after each completed iteration or
// aspiration re-search, one per PV line).
struct Info {
    int depth = 0;
    int seldepth = 0;
    int multipv = 1;  // 1-based index of the line
    int score = 0;
    Bound bound = Bound::Exact;  // Lower/Upper: a fail-high/fail-low score
    uint64_t nodes = 0;
    uint64_t nps = 0;
    int hashfull = 0;  // permille
    int64_t time_ms = 0;
    std::vector<Move> pv;
};
using InfoSink = std::function<void(const Info&)>;

struct EngineOptions {
    size_t hash_mb = 16;
    int threads = 1;
    int64_t move_overhead_ms = 30;
};

class Engine {
  public:
    explicit Engine(const EngineOptions& options = {});
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Blocking. pos carries the game history used by the repetition rule.
    // Callable again after it returns; not from two threads at once.
    Result search(const Position& pos, const Limits& limits, const InfoSink& info = {});
    // Thread-safe: makes the running search return as soon as possible (it
    // still returns a legal best move). A request made before the search has
    // begun is kept, so a stop racing the start of search() on another thread
    // is not lost; search() clears the request when it returns.
    void stop();
    // Discards a pending stop request. Call before starting search() on
    // another thread, so a request left over from an earlier search cannot
    // end the new one.
    void clear_stop();
    // Thread-safe: the opponent played the move pondered on. A ponder search
    // becomes a normal one whose clock starts now. Kept, like stop(), when it
    // races the start of search(); clear_stop() discards it too.
    void ponderhit();
    // Clears the transposition table and all move-ordering histories.
    void new_game();

    // Clears the table. False (size unchanged) if the memory is not available.
    bool set_hash(size_t mb);
    void set_threads(int n);  // n >= 1
    void set_move_overhead(int64_t ms);
    // Replaces the evaluation (the hand-crafted one by default) for all threads.
    void set_evaluator(EvaluatorFactory factory);
    const EngineOptions& options() const;
    // Transposition table occupancy in permille (sampled).
    int hashfull() const;
    // What the transposition table holds for pos, if anything (analysis, tests).
    struct TableEntry {
        int score = 0;  // side to move's view, mate scores relative to pos
        int depth = 0;
        Bound bound = Bound::None;
        Move move;
    };
    std::optional<TableEntry> probe(const Position& pos) const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::search
