// Iterative deepening, aspiration windows, the root move loop, multi-PV,
// reporting and the main thread's decisions to stop.
#include <algorithm>

#include "engine/search/move_check.h"
#include "engine/search/search_params.h"
#include "engine/search/see.h"
#include "engine/search/worker.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

namespace {

bool root_move_before(const RootMove& a, const RootMove& b) {
    return a.score != b.score ? a.score > b.score : a.previous_score > b.previous_score;
}

// Lazy SMP: helper threads skip some depths so that they spread out over
// different iterations instead of all repeating the main thread's.
bool helper_skips_depth(int id, int depth) {
    constexpr int SKIP_SIZE[8] = {1, 1, 2, 2, 2, 2, 3, 3};
    constexpr int SKIP_PHASE[8] = {0, 1, 0, 1, 2, 3, 0, 1};
    const int i = (id - 1) % 8;
    return ((depth + SKIP_PHASE[i]) / SKIP_SIZE[i]) % 2 == 1;
}

}  // namespace

void Worker::run() {
    const Limits& limits = shared_->limits;
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 8) : MAX_PLY - 8;
    const int multipv = std::clamp(limits.multipv, 1, int(root_moves_.size()));
    IterationTrend trend;

    for (int depth = 1; depth <= max_depth && !aborted_; ++depth) {
        if (!is_main() && depth > 1 && helper_skips_depth(id_, depth)) continue;
        root_depth_ = depth;
        seldepth_ = 0;
        for (RootMove& rm : root_moves_) rm.previous_score = rm.score;
        for (pv_index_ = 0; pv_index_ < multipv && !aborted_; ++pv_index_) iterate_depth(depth);
        if (aborted_) break;
        completed_depth_ = depth;
        if (!is_main()) continue;

        report(depth);
        trend.add(root_moves_[0].move, root_moves_[0].score);
        if (time_to_stop_after_iteration(depth, trend)) break;
    }
    // A search cut short still reports where it stands (also a first
    // iteration cut short after its first root move).
    if (is_main() && aborted_ && first_move_searched_) report(root_depth_);
}

bool Worker::time_to_stop_after_iteration(int depth, const IterationTrend& trend) {
    const Limits& limits = shared_->limits;
    const int score = root_moves_[0].score;
    if (limits.mate > 0 && score >= MATE_BOUND && mate_in_moves(score) <= limits.mate) return true;
    if (limits.infinite || shared_->still_pondering()) return false;
    // A forced mate, seen with some depth to spare, will not change.
    const bool budgeted = shared_->time.enabled() || limits.nodes;
    if (budgeted && is_mate_score(score) && depth >= 2 * std::abs(mate_in_plies(score)) + 4)
        return true;
    if (!shared_->time.enabled() || shared_->time.fixed_time()) return false;
    if (root_moves_.size() == 1 && depth >= 4) return true;  // nothing to choose
    const double budget =
        shared_->time.optimum_ms() * trend.time_factor() * params::TM_NEW_ITERATION_SHARE;
    return shared_->time.elapsed_ms() >= int64_t(budget);
}

void Worker::iterate_depth(int depth) {
    const int previous = root_moves_[pv_index_].previous_score;
    int delta = params::ASPIRATION_DELTA;
    int alpha = -INFINITE_SCORE, beta = INFINITE_SCORE;
    if (depth >= params::ASPIRATION_MIN_DEPTH && previous != -INFINITE_SCORE &&
        !is_mate_score(previous)) {
        alpha = std::max(previous - delta, -INFINITE_SCORE);
        beta = std::min(previous + delta, INFINITE_SCORE);
    }
    for (;;) {
        const int score = search_root(alpha, beta, depth);
        std::stable_sort(root_moves_.begin() + pv_index_, root_moves_.end(), root_move_before);
        if (aborted_) return;
        if (score <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = std::max(score - delta, -INFINITE_SCORE);
        } else if (score >= beta) {
            beta = std::min(score + delta, INFINITE_SCORE);
        } else {
            break;
        }
        delta += delta / 2;
        if (delta > 1500) alpha = -INFINITE_SCORE, beta = INFINITE_SCORE;
    }
    std::stable_sort(root_moves_.begin(), root_moves_.begin() + pv_index_ + 1, root_move_before);
}

int Worker::search_root(int alpha, int beta, int depth) {
    Stack* ss = &stack_[STACK_OFFSET];
    const Color us = pos_.side_to_move();
    ss->in_check = pos_.in_check();
    ss->static_eval = ss->in_check ? NO_SCORE : evaluate();
    (ss + 1)->killers[0] = (ss + 1)->killers[1] = Move::none();
    (ss + 2)->killers[0] = (ss + 2)->killers[1] = Move::none();
    const Bitboard discoverers = pos_.king_blockers(~us) & pos_.pieces(us);
    const int original_alpha = alpha;
    int best = -INFINITE_SCORE;

    for (int i = pv_index_; i < int(root_moves_.size()); ++i) {
        RootMove& rm = root_moves_[i];
        const Move m = rm.move;
        const int move_number = i - pv_index_ + 1;
        const bool tactical = is_tactical(pos_, m);
        const bool check = gives_check(pos_, m, discoverers);
        const int extension = check && see_ge(pos_, m, 0) ? 1 : 0;
        if (!make_move(m, ss)) {  // cannot happen: root moves are game-legal
            rm.score = -INFINITE_SCORE;
            continue;
        }
        const int new_depth = depth - 1 + extension;
        pv_length_[1] = 1;
        int value;
        if (move_number == 1) {
            value = -search<true>(-beta, -alpha, new_depth, false, ss + 1);
        } else {
            int d = new_depth;
            if (depth >= 3 && move_number > 3 && !tactical && !check)
                d = std::clamp(new_depth - reduction(true, depth, move_number) + 1, 1, new_depth);
            value = -search<false>(-(alpha + 1), -alpha, d, true, ss + 1);
            if (value > alpha && d < new_depth)
                value = -search<false>(-(alpha + 1), -alpha, new_depth, false, ss + 1);
            if (value > alpha && value < beta) {
                pv_length_[1] = 1;
                value = -search<true>(-beta, -alpha, new_depth, false, ss + 1);
            }
        }
        unmake_move();
        if (aborted_) return best;
        first_move_searched_ = true;

        if (move_number == 1 || value > alpha) {
            rm.score = rm.display_score = value;
            rm.bound = value >= beta             ? Bound::Lower
                       : value <= original_alpha ? Bound::Upper
                                                 : Bound::Exact;
            rm.seldepth = seldepth_;
            rm.pv.assign(1, m);
            for (int k = 1; k < pv_length_[1]; ++k) rm.pv.push_back(pv_[1][k]);
        } else {
            rm.score = -INFINITE_SCORE;
        }
        if (value > best) {
            best = value;
            if (value > alpha) {
                if (value >= beta) break;
                alpha = value;
            }
        }
    }
    return best;
}

void Worker::report(int depth) const {
    if (!shared_->info) return;
    const int64_t elapsed = shared_->time.elapsed_ms();
    const uint64_t nodes = shared_->total_nodes();
    const int hashfull = shared_->tt->hashfull();
    const int lines = std::clamp(shared_->limits.multipv, 1, int(root_moves_.size()));
    for (int i = 0; i < lines; ++i) {
        const RootMove& rm = root_moves_[i];
        const bool updated = rm.score != -INFINITE_SCORE;
        const int d = updated ? depth : depth - 1;
        const int score = updated ? rm.score : rm.previous_score;
        if (d < 1 || score == -INFINITE_SCORE) continue;
        Info info;
        info.depth = d;
        info.seldepth = std::max(rm.seldepth, d);
        info.multipv = i + 1;
        info.score = score;
        info.bound = updated ? rm.bound : Bound::Exact;
        info.nodes = nodes;
        info.time_ms = elapsed;
        info.nps = elapsed > 0 ? nodes * 1000 / uint64_t(elapsed) : nodes * 1000;
        info.hashfull = hashfull;
        info.pv = rm.pv;
        shared_->info(info);
    }
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search
