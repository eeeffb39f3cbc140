// One search thread: its own copy of the position, evaluator and move-ordering
// statistics; the transposition table and the stop flag are shared (Lazy SMP).
// Worker 0 is the main thread: it watches the clock, reports and decides when
// the search ends.
#pragma once

#include <array>
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include "engine/search/evaluator.h"
#include "engine/search/history.h"
#include "engine/search/move_picker.h"
#include "engine/search/repetition.h"
#include "engine/search/search.h"
#include "engine/search/time_manager.h"
#include "engine/search/tt.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

class Worker;

// State of one search shared by all its workers.
struct SearchShared {
    Limits limits;
    TranspositionTable* tt = nullptr;
    std::atomic<bool>* stop = nullptr;
    const std::atomic<bool>* ponder_hit = nullptr;
    bool pondering = false;  // main thread only: no time limit until ponderhit
    TimeManager time;
    InfoSink info;
    std::vector<Worker*> workers;
    uint64_t total_nodes() const;
    // Main thread: ends pondering once ponderhit has come (the clock starts
    // then); true while still pondering.
    bool still_pondering() {
        if (pondering && ponder_hit->load(std::memory_order_relaxed)) {
            pondering = false;
            time.restart();
        }
        return pondering;
    }
};

struct RootMove {
    Move move;
    int score = -INFINITE_SCORE;           // this iteration; -INFINITE_SCORE if not (yet) best
    int previous_score = -INFINITE_SCORE;  // last completed iteration
    int display_score = -INFINITE_SCORE;   // what to report for this line
    Bound bound = Bound::Exact;
    int seldepth = 0;
    std::vector<Move> pv;
};

struct Stack {
    int ply = 0;
    Move move;
    Piece moved = NO_PIECE;
    // The continuation table of this node's move (null after a null move).
    ContinuationTable* continuation = nullptr;
    int static_eval = NO_SCORE;
    Move killers[2];
    bool in_check = false;
    // A move this node leaves out: set while its singular search checks
    // whether any other move comes close to the table's move.
    Move excluded;
    // The node's score depends on the path to it: a move was refused by the
    // repetition rule here or below. Such scores never go into the table.
    bool path_dependent = false;
};

class Worker {
  public:
    Worker(int id, std::unique_ptr<Evaluator> evaluator);
    void clear_history() { history_->clear(); }

    // Prepares a search from root over the given game-legal root moves.
    void prepare(const Position& root, const std::vector<Move>& root_moves, SearchShared* shared);
    // Iterative deepening until the limits or the stop flag end it.
    void run();

    uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
    int completed_depth() const { return completed_depth_; }
    int seldepth() const { return seldepth_; }
    const std::vector<RootMove>& root_moves() const { return root_moves_; }

  private:
    template <bool PvNode>
    int search(int alpha, int beta, int depth, bool cut_node, Stack* ss);
    template <bool PvNode>
    int qsearch(int alpha, int beta, Stack* ss, int qs_ply);
    std::optional<int> repetition_score(int ply) const;
    // Work every node does first (PV bookkeeping, abort check, a game already
    // decided, the ply cap); a value means the node's score is known.
    template <bool PvNode>
    std::optional<int> enter_node(Stack* ss);
    int search_root(int alpha, int beta, int depth);
    void iterate_depth(int depth);
    void order_root_moves();

    // Makes m unless it repeats a situation a third time (then nothing happens,
    // the node is marked path-dependent and false is returned).
    bool make_move(Move m, Stack* ss);
    void unmake_move();
    void make_null_move(Stack* ss);
    void unmake_null_move();
    // A table bound may be trusted here: a lower bound not when the table's
    // move is one the repetition rule forbids on this path.
    bool tt_cutoff_allowed(const TTData& tt, int beta, Move tt_move) const;
    bool should_abort();
    void check_limits();
    bool is_main() const { return id_ == 0; }

    void update_pv(int ply, Move m);
    // A searched move's value against the node's best so far: raises best,
    // and alpha, best_move and the PV when it beats alpha. True on a cutoff.
    template <bool PvNode>
    bool raise_best(int value, Move m, int ply, int beta, int& best, int& alpha, Move& best_move);
    void update_quiet_stats(Stack* ss, Move best, int depth, const Move* quiets, int quiet_count);
    static ContinuationContext continuation_context(const Stack* ss) {
        return {{(ss - 1)->continuation, (ss - 2)->continuation}};
    }
    void update_capture_stats(Move best, int depth, const Move* captures, int capture_count);
    int reduction(bool improving, int depth, int move_count) const;

    // The steps of search() (worker_search.cpp).
    // What search() knows of a move before it is made.
    struct MoveTraits {
        Move move;
        bool tactical;  // a capture or a promotion
        bool check;     // gives check
        int history;    // quiet moves' history score (0 for tactical ones)
    };
    int static_evaluation(Stack* ss, bool in_check, const TTData* tt);
    std::optional<int> prune_before_moves(int beta, int depth, bool cut_node, int eval,
                                          bool improving, Stack* ss);
    bool prune_move(const MoveTraits& mv, int depth, bool improving, int move_count, int alpha,
                    const Stack* ss, MovePicker& picker);
    template <bool PvNode>
    int late_move_reduction(const MoveTraits& mv, int depth, int move_count, bool improving,
                            bool cut_node, bool tt_capture, Move counter, const Stack* ss) const;
    void update_cutoff_stats(Stack* ss, Move best_move, int depth, const Move* quiets,
                             int quiet_count, const Move* captures, int capture_count);
    // Singular extension of the table's move: +1 when no other move comes
    // within a margin of its table score, -1 when one does and the table
    // already fails high; a multi-cut value to return when other moves fail
    // high on their own.
    struct Singularity {
        int extension = 0;
        std::optional<int> cutoff;
    };
    Singularity singular_search(const TTData& tt, int depth, int beta, bool cut_node, Stack* ss);
    int evaluate();

    void report(int depth) const;
    bool time_to_stop_after_iteration(int depth, const IterationTrend& trend);

    const int id_;
    std::unique_ptr<Evaluator> evaluator_;
    std::unique_ptr<History> history_;
    SearchShared* shared_ = nullptr;
    Position pos_;
    RepetitionGuard repetitions_;
    std::vector<RootMove> root_moves_;
    std::atomic<uint64_t> nodes_{0};
    int check_countdown_ = 0;
    bool aborted_ = false;
    int seldepth_ = 0;
    int root_depth_ = 0;
    int completed_depth_ = 0;
    // The first root move of the first iteration has been searched in full:
    // from then on a move that was searched exists, and limits may stop.
    bool first_move_searched_ = false;
    int pv_index_ = 0;
    int nmp_min_ply_ = 0;

    static constexpr int STACK_OFFSET = 4;  // entries before the root for (ss - k) lookups
    std::array<Stack, MAX_PLY + STACK_OFFSET + 4> stack_;
    std::array<std::array<Move, MAX_PLY + 2>, MAX_PLY + 2> pv_;
    std::array<int, MAX_PLY + 2> pv_length_;
    std::array<std::array<int8_t, 256>, MAX_PLY + 1> reductions_;
    std::vector<PickerBuffer> picker_buffers_;  // one per ply
    // One per ply for the singular search, which runs at the ply of a node
    // whose own picker is in use.
    std::vector<PickerBuffer> singular_buffers_;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::search
