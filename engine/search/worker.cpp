// Worker plumbing: setup, making moves under the repetition rule, limits,
// and the statistics updates that feed move ordering.
#include "engine/search/worker.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/search/move_check.h"
#include "engine/search/search_params.h"
#include "engine/search/see.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

uint64_t SearchShared::total_nodes() const {
    uint64_t n = 0;
    for (const Worker* w : workers) n += w->nodes();
    return n;
}

Worker::Worker(int id, std::unique_ptr<Evaluator> evaluator)
    : id_(id),
      evaluator_(std::move(evaluator)),
      history_(std::make_unique<History>()),
      picker_buffers_(MAX_PLY + 2),
      singular_buffers_(params::SINGULAR_EXTENSION ? MAX_PLY + 2 : 0) {
    history_->clear();
    for (int d = 0; d <= MAX_PLY; ++d)
        for (int m = 0; m < 256; ++m) {
            const double r =
                d && m ? params::LMR_BASE + std::log(d) * std::log(m) / params::LMR_DIVISOR : 0;
            reductions_[d][m] = int8_t(std::clamp(r, 0.0, 60.0));
        }
}

void Worker::prepare(const Position& root, const std::vector<Move>& root_moves,
                     SearchShared* shared) {
    shared_ = shared;
    pos_ = root;
    evaluator_->new_root(pos_);
    repetitions_.reset(root);
    root_moves_.clear();
    for (Move m : root_moves) {
        RootMove rm;
        rm.move = m;
        root_moves_.push_back(std::move(rm));
    }
    nodes_.store(0, std::memory_order_relaxed);
    check_countdown_ = 0;
    aborted_ = false;
    first_move_searched_ = false;
    seldepth_ = root_depth_ = completed_depth_ = pv_index_ = nmp_min_ply_ = 0;
    for (size_t i = 0; i < stack_.size(); ++i) {
        stack_[i] = Stack{};
        stack_[i].ply = int(i) - STACK_OFFSET;
    }
    order_root_moves();
}

// Before the first iteration: campmate wins, then captures and promotions by
// value, then quiet moves by history.
void Worker::order_root_moves() {
    const Color us = pos_.side_to_move();
    const Move campmate = campmate_move(pos_);
    auto key = [&](Move m) {
        if (m == campmate) return 1 << 30;
        int score = history_->quiet_score(us, m);
        if (pos_.is_capture(m)) score += 100000 + see_value(type_of(pos_.victim_of(m)));
        if (m.is_promotion()) score += 50000;
        return score;
    };
    std::stable_sort(
        root_moves_.begin(), root_moves_.end(),
        [&](const RootMove& a, const RootMove& b) { return key(a.move) > key(b.move); });
}

bool Worker::make_move(Move m, Stack* ss) {
    shared_->tt->prefetch(pos_.key_after(m));
    ss->moved = pos_.moved_piece(m);
    evaluator_->do_move(pos_, m);
    if (!repetitions_.enter(pos_)) {
        evaluator_->undo_move(pos_);  // the third occurrence of a situation is not a legal move
        ss->path_dependent = true;
        return false;
    }
    ss->move = m;
    ss->continuation =
        params::CONTINUATION_HISTORY ? history_->continuation_after(ss->moved, m) : nullptr;
    nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    return true;
}

void Worker::unmake_move() {
    repetitions_.leave(pos_);
    evaluator_->undo_move(pos_);
}

void Worker::make_null_move(Stack* ss) {
    ss->move = Move::none();
    ss->moved = NO_PIECE;
    ss->continuation = nullptr;
    evaluator_->do_null_move(pos_);
    repetitions_.enter_null(pos_);
    nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

void Worker::unmake_null_move() {
    repetitions_.leave(pos_);
    evaluator_->undo_null_move(pos_);
}

bool Worker::tt_cutoff_allowed(const TTData& tt, int beta, Move tt_move) const {
    if (tt.score == NO_SCORE) return false;
    if (tt.score < beta) return uint8_t(tt.bound) & uint8_t(Bound::Upper);
    if (!(uint8_t(tt.bound) & uint8_t(Bound::Lower))) return false;
    // Refusing moves can only lower a node's score, so only a lower bound can
    // be wrong on this path; it rests on the table's move being playable.
    return !tt_move || !is_valid_move(pos_, tt_move) || !repetitions_.forbids(pos_, tt_move);
}

int Worker::evaluate() {
    return std::clamp(evaluator_->evaluate(pos_), -MATE_BOUND + 1, MATE_BOUND - 1);
}

bool Worker::should_abort() {
    if (aborted_) return true;
    if (--check_countdown_ <= 0) check_limits();
    if (shared_->stop->load(std::memory_order_relaxed)) aborted_ = true;
    return aborted_;
}

namespace {

uint64_t first_move_node_backstop(uint64_t limit) {
    constexpr uint64_t most = std::numeric_limits<uint64_t>::max();
    const uint64_t scaled = limit > most / params::FIRST_MOVE_NODE_FACTOR
                                ? most
                                : limit * params::FIRST_MOVE_NODE_FACTOR;
    return std::max(scaled, params::FIRST_MOVE_MIN_NODES);
}

}  // namespace

void Worker::check_limits() {
    const Limits& limits = shared_->limits;
    const bool exact_nodes = limits.nodes && shared_->workers.size() == 1;
    check_countdown_ = exact_nodes ? 1 : params::TM_CHECK_INTERVAL;
    if (!is_main()) return;
    if (shared_->still_pondering()) return;  // only stop or ponderhit end a ponder search
    // Both limits wait for the first root move of the first iteration to be
    // searched in full (then the move played has been searched), up to their
    // backstops; after that they may cut even the first iteration short (a
    // bad evaluation can make depth 1 alone cost millions of nodes).
    if (shared_->time.enabled()) {
        const int64_t limit = first_move_searched_ ? shared_->time.maximum_ms()
                                                   : shared_->time.first_move_backstop_ms();
        if (shared_->time.elapsed_ms() >= limit) shared_->stop->store(true);
    }
    if (limits.nodes &&
        shared_->total_nodes() >=
            (first_move_searched_ ? limits.nodes : first_move_node_backstop(limits.nodes)))
        shared_->stop->store(true);
}

int Worker::reduction(bool improving, int depth, int move_count) const {
    const int r = reductions_[std::min(depth, MAX_PLY)][std::min(move_count, 255)];
    return r + (!improving && r > 1);
}

void Worker::update_pv(int ply, Move m) {
    pv_[ply][ply] = m;
    int len = ply + 1;
    for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][len++] = pv_[ply + 1][i];
    pv_length_[ply] = len;
}

void Worker::update_quiet_stats(Stack* ss, Move best, int depth, const Move* quiets,
                                int quiet_count) {
    const Color us = pos_.side_to_move();
    const int bonus = history_bonus(depth);
    const ContinuationContext context = continuation_context(ss);
    history_->update_quiet(us, best, pos_.moved_piece(best), context, bonus);
    for (int i = 0; i < quiet_count; ++i)
        history_->update_quiet(us, quiets[i], pos_.moved_piece(quiets[i]), context, -bonus);
    if (ss->killers[0] != best) {
        ss->killers[1] = ss->killers[0];
        ss->killers[0] = best;
    }
    const Stack* prev = ss - 1;
    if (prev->move && prev->moved != NO_PIECE)
        history_->counter[prev->moved][prev->move.to()] = best;
}

void Worker::update_capture_stats(Move best, int depth, const Move* captures, int capture_count) {
    const int bonus = history_bonus(depth);
    auto update = [&](Move m, int b) {
        const Piece victim = pos_.victim_of(m);
        if (victim == NO_PIECE) return;  // a quiet promotion
        apply_gravity(history_->capture[pos_.moved_piece(m)][m.to()][type_of(victim)], b);
    };
    if (best) update(best, bonus);
    for (int i = 0; i < capture_count; ++i) update(captures[i], -bonus);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search
