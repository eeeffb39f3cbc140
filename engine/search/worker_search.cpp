// The alpha-beta search below the root (principal variation search) and the
// quiescence search.
#include <algorithm>

#include "engine/core/rules.h"
#include "engine/search/move_check.h"
#include "engine/search/move_picker.h"
#include "engine/search/search_params.h"
#include "engine/search/see.h"
#include "engine/search/worker.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

namespace {

int late_move_limit(int depth, bool improving) {
    return (params::LMP_BASE + depth * depth) / (2 - improving);
}

}  // namespace

// Pandemonium: a situation seen before (on this path or in the game). Playing
// on from here can repeat it a third time: a draw, unless one side gave check
// with every move since, which would then lose; that side is scored lost, so
// it seeks another way and its opponent welcomes the cycle.
std::optional<int> Worker::repetition_score(int ply) const {
    const int previous = previous_occurrence(pos_);
    if (previous < 0) return std::nullopt;
    if (const std::optional<Color> checker = perpetual_checker(pos_, previous))
        return *checker == pos_.side_to_move() ? mated_in(ply) : mate_in(ply);
    return DRAW_SCORE;
}

template <bool PvNode>
std::optional<int> Worker::enter_node(Stack* ss) {
    ss->path_dependent = false;
    const int ply = ss->ply;
    if (PvNode) pv_length_[ply] = ply;
    seldepth_ = std::max(seldepth_, ply);
    if (should_abort()) return 0;

    // The game may already be decided here.
    if constexpr (Variant::campmate) {
        if (pos_.campmate_reached()) return mated_in(ply);
        if (campmate_available(pos_)) return mate_in(ply + 1);
    }
    if constexpr (Variant::draws) {
        if (ply > 0 && repetitions_.maybe_repeated(pos_)) {
            if (const std::optional<int> score = repetition_score(ply)) {
                ss->path_dependent = true;
                return score;
            }
        }
    }
    if (ply >= MAX_PLY - 4) return pos_.in_check() ? 0 : evaluate();
    return std::nullopt;
}

template <bool PvNode>
inline bool Worker::raise_best(int value, Move m, int ply, int beta, int& best, int& alpha,
                               Move& best_move) {
    if (value <= best) return false;
    best = value;
    if (value <= alpha) return false;
    best_move = m;
    if (PvNode) update_pv(ply, m);
    if (value >= beta) return true;
    alpha = value;
    return false;
}

// The node's static evaluation (kept in ss->static_eval), returned refined
// by the table's score `tt` (null: none) where its bound allows. NO_SCORE in
// check.
inline int Worker::static_evaluation(Stack* ss, bool in_check, const TTData* tt) {
    if (in_check) {
        ss->static_eval = NO_SCORE;
        return NO_SCORE;
    }
    int eval = ss->static_eval = (tt && tt->eval != NO_SCORE) ? tt->eval : evaluate();
    if (tt && tt->score != NO_SCORE && !is_mate_score(tt->score) &&
        (uint8_t(tt->bound) & uint8_t(tt->score > eval ? Bound::Lower : Bound::Upper)))
        eval = tt->score;
    return eval;
}

// Reverse futility pruning and the null move, tried at a non-PV node before
// its moves: a value is the node's score.
inline std::optional<int> Worker::prune_before_moves(int beta, int depth, bool cut_node, int eval,
                                                     bool improving, Stack* ss) {
    if (depth <= params::RFP_MAX_DEPTH && eval - params::RFP_MARGIN * (depth - improving) >= beta)
        return (eval + beta) / 2;

    // Null move: if passing still fails high, a real move will too. Not in
    // pawn-and-king positions, where zugzwang (a loss here) is real.
    const int ply = ss->ply;
    if (ss->excluded || !(ss - 1)->move || depth < params::NMP_MIN_DEPTH || eval < beta ||
        ss->static_eval < beta || ply < nmp_min_ply_ ||
        !has_non_pawn_material(pos_, pos_.side_to_move()))
        return std::nullopt;
    const int r = params::NMP_BASE_REDUCTION + depth / params::NMP_DEPTH_DIVISOR +
                  std::min((eval - beta) / params::NMP_EVAL_DIVISOR, 3);
    make_null_move(ss);
    int v = -search<false>(-beta, -beta + 1, depth - r, !cut_node, ss + 1);
    unmake_null_move();
    if (aborted_) return 0;
    if (v < beta) return std::nullopt;
    const bool null_path_dependent = (ss + 1)->path_dependent;
    if (v >= MATE_BOUND) v = beta;
    if (nmp_min_ply_ || depth < params::NMP_VERIFY_DEPTH) {
        ss->path_dependent = null_path_dependent;
        return v;
    }
    // Deep: verify with a real search, null moves off for a while.
    nmp_min_ply_ = ply + 3 * (depth - r) / 4;
    const int verified = search<false>(beta - 1, beta, depth - r, false, ss);
    nmp_min_ply_ = 0;
    ss->path_dependent = ss->path_dependent || null_path_dependent;
    if (verified >= beta) return v;
    if (aborted_) return 0;
    return std::nullopt;
}

// Shallow-depth pruning of a move: late quiet moves, quiet moves with a bad
// history, futile quiet moves and moves losing material. True: skip it.
inline bool Worker::prune_move(const MoveTraits& mv, int depth, bool improving, int move_count,
                               int alpha, const Stack* ss, MovePicker& picker) {
    const int lmr_depth = std::max(depth - 1 - reduction(improving, depth, move_count + 1), 0);
    if (mv.tactical) return !see_ge(pos_, mv.move, -params::SEE_CAPTURE_MARGIN * depth);
    if (move_count >= late_move_limit(depth, improving)) {
        // Late quiet checks stay: they are how drop mates start.
        picker.keep_only_quiet_checks();
        if (!mv.check) return true;
    }
    if (!mv.check && lmr_depth < params::HISTORY_PRUNING_DEPTH &&
        mv.history < -params::HISTORY_PRUNING_MARGIN * depth)
        return true;
    if (!mv.check && !ss->in_check && lmr_depth < params::FUTILITY_MAX_DEPTH &&
        ss->static_eval + params::FUTILITY_BASE + params::FUTILITY_PER_DEPTH * lmr_depth <= alpha)
        return true;
    return !see_ge(pos_, mv.move, -params::SEE_QUIET_MARGIN * lmr_depth * lmr_depth);
}

// How much shallower than the full depth a late move is searched first.
template <bool PvNode>
inline int Worker::late_move_reduction(const MoveTraits& mv, int depth, int move_count,
                                       bool improving, bool cut_node, bool tt_capture, Move counter,
                                       const Stack* ss) const {
    int r = reduction(improving, depth, move_count);
    r -= PvNode;
    r += cut_node;
    r += tt_capture && !mv.tactical;
    r -= mv.check;
    r -= mv.move == ss->killers[0] || mv.move == ss->killers[1] || mv.move == counter;
    r -= mv.history / params::LMR_HISTORY_DIVISOR;
    return r;
}

// A cutoff rewards the best move and penalizes the moves tried before it.
inline void Worker::update_cutoff_stats(Stack* ss, Move best_move, int depth, const Move* quiets,
                                        int quiet_count, const Move* captures, int capture_count) {
    if (!pos_.is_capture(best_move) && !best_move.is_promotion()) {
        update_quiet_stats(ss, best_move, depth, quiets, quiet_count);
        update_capture_stats(Move::none(), depth, captures, capture_count);
    } else {
        update_capture_stats(best_move, depth, captures, capture_count);
    }
}

// The node's steps are the functions above; the move loop stays here whole:
// it updates alpha, the best move and the tried-move lists in place on the
// engine's hottest path.
template <bool PvNode>
int Worker::search(int alpha, int beta, int depth, bool cut_node, Stack* ss) {
    if (depth <= 0) return qsearch<PvNode>(alpha, beta, ss, 0);

    if (const std::optional<int> decided = enter_node<PvNode>(ss)) return *decided;
    const int ply = ss->ply;
    const bool in_check = pos_.in_check();

    // Mate distance pruning: no line from here beats a mate already found.
    alpha = std::max(mated_in(ply), alpha);
    beta = std::min(mate_in(ply + 1), beta);
    if (alpha >= beta) return alpha;

    const Color us = pos_.side_to_move();
    ss->in_check = in_check;
    (ss + 2)->killers[0] = (ss + 2)->killers[1] = Move::none();

    const Move excluded = ss->excluded;
    const Key key = pos_.key();
    TTData tt;
    const bool tt_hit = shared_->tt->probe(key, ply, tt);
    const Move tt_move = tt.move;
    if (!PvNode && !excluded && tt_hit && tt.depth >= depth &&
        tt_cutoff_allowed(tt, beta, tt_move))
        return tt.score;

    const int eval = static_evaluation(ss, in_check, tt_hit ? &tt : nullptr);
    const bool improving =
        !in_check && (ss - 2)->static_eval != NO_SCORE && ss->static_eval > (ss - 2)->static_eval;
    // The opponent threatens to win by campmate: no static shortcut is safe.
    const bool threatened = !in_check && campmate_threatened(pos_);

    if (!PvNode && !in_check && !threatened && !is_mate_score(beta)) {
        if (const std::optional<int> v =
                prune_before_moves(beta, depth, cut_node, eval, improving, ss))
            return *v;
    }

    // Internal iterative reduction: without a table move, ordering is poor.
    if (!tt_move && depth >= 4 && (PvNode || cut_node)) --depth;

    const Stack* prev = ss - 1;
    const Move counter = prev->move && prev->moved != NO_PIECE
                             ? history_->counter[prev->moved][prev->move.to()]
                             : Move::none();
    const ContinuationContext continuation = continuation_context(ss);
    PickerBuffer& buffer = excluded ? singular_buffers_[ply] : picker_buffers_[ply];
    MovePicker picker(pos_, *history_, buffer, tt_move, ss->killers, counter, continuation);
    const Bitboard discoverers = pos_.king_blockers(~us) & pos_.pieces(us);
    const bool tt_capture = tt_move && pos_.is_capture(tt_move);

    Move quiets[64], captures[32];
    int quiet_count = 0, capture_count = 0;
    int best = -INFINITE_SCORE;
    Move best_move;
    int move_count = 0;

    for (Move m; (m = picker.next());) {
        if (m == excluded) continue;
        const bool capture = pos_.is_capture(m);
        const bool tactical = capture || m.is_promotion();
        const bool check = gives_check(pos_, m, discoverers);
        const int hist =
            tactical ? 0 : history_->quiet_score(us, m, pos_.moved_piece(m), continuation);
        const MoveTraits candidate{m, tactical, check, hist};

        // Shallow-depth pruning, once a move has been searched (so a position
        // with moves is never scored as lost).
        if (best > -MATE_BOUND && !threatened &&
            prune_move(candidate, depth, improving, move_count, alpha, ss, picker))
            continue;

        // Check extension, for checks that do not just give the piece away;
        // or the table's move's singular extension.
        int extension = check && ply < 2 * root_depth_ ? 1 : 0;
        if constexpr (params::SINGULAR_EXTENSION) {
            if (m == tt_move && !excluded && depth >= params::SINGULAR_MIN_DEPTH &&
                ply < 2 * root_depth_ && tt.score != NO_SCORE && !is_mate_score(tt.score) &&
                (uint8_t(tt.bound) & uint8_t(Bound::Lower)) &&
                tt.depth >= depth - params::SINGULAR_TT_DEPTH_MARGIN) {
                const Singularity singular = singular_search(tt, depth, beta, cut_node, ss);
                if (aborted_) return 0;
                if (singular.cutoff) return *singular.cutoff;
                extension = singular.extension;
            }
        }

        if (!make_move(m, ss)) continue;
        ++move_count;
        const int new_depth = depth - 1 + extension;
        if (PvNode) pv_length_[ply + 1] = ply + 1;

        int value = 0;
        if (depth >= 2 && move_count > 1 + PvNode && (!tactical || cut_node)) {
            const int r = late_move_reduction<PvNode>(candidate, depth, move_count, improving,
                                                      cut_node, tt_capture, counter, ss);
            const int d = std::clamp(new_depth - r, 1, std::max(new_depth, 1));
            value = -search<false>(-(alpha + 1), -alpha, d, true, ss + 1);
            if (value > alpha && d < new_depth)
                value = -search<false>(-(alpha + 1), -alpha, new_depth, !cut_node, ss + 1);
        } else if (!PvNode || move_count > 1) {
            value = -search<false>(-(alpha + 1), -alpha, new_depth, !cut_node, ss + 1);
        }
        if (PvNode && (move_count == 1 || (value > alpha && value < beta)))
            value = -search<true>(-beta, -alpha, new_depth, false, ss + 1);
        unmake_move();
        if (aborted_) return 0;
        // The last search of the child gave its value; its path-dependence is ours.
        ss->path_dependent = ss->path_dependent || (ss + 1)->path_dependent;

        if (raise_best<PvNode>(value, m, ply, beta, best, alpha, best_move)) break;
        if (m != best_move) {
            if (!tactical && quiet_count < 64)
                quiets[quiet_count++] = m;
            else if (capture && capture_count < 32)
                captures[capture_count++] = m;
        }
    }

    // No game-legal move: checkmate; stalemate, a loss in Mansindam (as when
    // the repetition rule forbids every move) and a draw in Pandemonium.
    if (!move_count) {
        if (excluded) return alpha;  // only the left-out move: nothing to compare
        return in_check || !Variant::draws ? mated_in(ply) : DRAW_SCORE;
    }

    if (best >= beta)
        update_cutoff_stats(ss, best_move, depth, quiets, quiet_count, captures, capture_count);
    const Bound bound =
        best >= beta ? Bound::Lower : (PvNode && best_move ? Bound::Exact : Bound::Upper);
    if (!ss->path_dependent && !excluded)
        shared_->tt->store(key, ply, best, bound, depth, best_move, ss->static_eval, PvNode);
    return best;
}

Worker::Singularity Worker::singular_search(const TTData& tt, int depth, int beta, bool cut_node,
                                             Stack* ss) {
    const int singular_beta = tt.score - params::SINGULAR_MARGIN_PER_DEPTH * depth;
    const bool path_dependent = ss->path_dependent;
    ss->excluded = tt.move;
    const int value =
        search<false>(singular_beta - 1, singular_beta, (depth - 1) / 2, cut_node, ss);
    ss->excluded = Move::none();
    ss->path_dependent = ss->path_dependent || path_dependent;
    Singularity result;
    if (aborted_) return result;
    if (value < singular_beta)
        result.extension = 1;
    else if (singular_beta >= beta)
        result.cutoff = singular_beta;  // several moves beat beta: cut
    else if (tt.score >= beta)
        result.extension = -1;
    return result;
}

template <bool PvNode>
int Worker::qsearch(int alpha, int beta, Stack* ss, int qs_ply) {
    if (const std::optional<int> decided = enter_node<PvNode>(ss)) return *decided;
    const int ply = ss->ply;
    const bool in_check = pos_.in_check();
    ss->in_check = in_check;

    // In check, or facing a campmate threat near the horizon, standing pat is
    // no option: every move is searched.
    const bool threatened =
        !in_check && qs_ply < params::QS_THREAT_MAX_PLY && campmate_threatened(pos_);
    const bool all_moves = in_check || threatened;
    const int tt_depth = all_moves ? 0 : -1;

    const Key key = pos_.key();
    TTData tt;
    const bool tt_hit = shared_->tt->probe(key, ply, tt);
    if (!PvNode && tt_hit && tt.depth >= tt_depth && tt_cutoff_allowed(tt, beta, tt.move))
        return tt.score;

    int best = -INFINITE_SCORE;
    int static_eval = NO_SCORE;
    if (!all_moves) {
        static_eval = (tt_hit && tt.eval != NO_SCORE) ? tt.eval : evaluate();
        best = static_eval;
        if (tt_hit && tt.score != NO_SCORE && !is_mate_score(tt.score) &&
            (uint8_t(tt.bound) & uint8_t(tt.score > best ? Bound::Lower : Bound::Upper)))
            best = tt.score;
        if (best >= beta) {
            if (!tt_hit)
                shared_->tt->store(key, ply, best, Bound::Lower, tt_depth, Move::none(),
                                   static_eval, false);
            return best;
        }
        alpha = std::max(alpha, best);
    }
    ss->static_eval = static_eval;

    MovePicker picker(pos_, *history_, picker_buffers_[ply], tt.move,
                      all_moves ? MovePicker::Mode::All : MovePicker::Mode::Quiescence);
    Move best_move;
    int move_count = 0;
    int quiet_evasions = 0;
    for (Move m; (m = picker.next());) {
        if (!all_moves) {
            // Delta pruning: even winning the victim outright cannot reach alpha.
            const Piece victim = pos_.victim_of(m);
            if (!m.is_promotion() && victim != NO_PIECE &&
                static_eval + see_value(type_of(victim)) + params::QS_FUTILITY_MARGIN <= alpha)
                continue;
            if (!see_ge(pos_, m, 0)) continue;
        }
        const bool quiet = !is_tactical(pos_, m);
        if (in_check && quiet && best > -MATE_BOUND && quiet_evasions >= params::QS_QUIET_EVASIONS)
            continue;
        if (!make_move(m, ss)) continue;
        ++move_count;
        quiet_evasions += in_check && quiet;
        if (PvNode) pv_length_[ply + 1] = ply + 1;
        const int value = -qsearch<PvNode>(-beta, -alpha, ss + 1, qs_ply + 1);
        unmake_move();
        if (aborted_) return 0;
        ss->path_dependent = ss->path_dependent || (ss + 1)->path_dependent;
        if (raise_best<PvNode>(value, m, ply, beta, best, alpha, best_move)) break;
    }
    if (all_moves && !move_count) return mated_in(ply);

    if (!ss->path_dependent)
        shared_->tt->store(key, ply, best, best >= beta ? Bound::Lower : Bound::Upper, tt_depth,
                           best_move, static_eval, PvNode);
    return best;
}

template int Worker::search<true>(int, int, int, bool, Stack*);
template int Worker::search<false>(int, int, int, bool, Stack*);
template int Worker::qsearch<true>(int, int, Stack*, int);
template int Worker::qsearch<false>(int, int, Stack*, int);

PANTHEON_VARIANT_END
}  // namespace pantheon::search
