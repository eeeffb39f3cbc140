#include "engine/search/move_picker.h"

#include <algorithm>

#include "engine/search/move_check.h"
#include "engine/search/see.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

namespace {

// Most valuable victim first; the capture history breaks ties between attackers.
int tactical_score(const Position& pos, const History& history, Move m) {
    const Piece moved = pos.moved_piece(m);
    int score = 0;
    if (const Piece victim = pos.victim_of(m); victim != NO_PIECE) {
        score += 8 * see_value(type_of(victim));
        score += history.capture[moved][m.to()][type_of(victim)] / 16;
    }
    if (m.is_promotion()) {
        const PieceType pt = type_of(moved);
        score += 4 * (eval_params::BOARD_VALUE[promote(pt)] - eval_params::BOARD_VALUE[pt]);
    }
    return score;
}

}  // namespace

MovePicker::MovePicker(const Position& pos, const History& history, PickerBuffer& buffer,
                       Move tt_move, const Move (&killers)[2], Move counter,
                       const ContinuationContext& continuation)
    : pos_(pos),
      history_(history),
      continuation_(continuation),
      stage_(Stage::TTMove),
      list_(buffer.moves),
      scores_(buffer.scores),
      bad_tactical_(buffer.bad_tactical) {
    tt_move_ = is_valid_move(pos, tt_move) ? tt_move : Move::none();
    const Move candidates[3] = {killers[0], killers[1], counter};
    for (int i = 0; i < 3; ++i) {
        const Move m = candidates[i];
        bool usable = m && m != tt_move_ && is_valid_move(pos, m) && !is_tactical(pos, m);
        for (int j = 0; j < i; ++j) usable = usable && refutations_[j] != m;
        refutations_[i] = usable ? m : Move::none();
    }
    all_moves_ = pos.in_check();
}

MovePicker::MovePicker(const Position& pos, const History& history, PickerBuffer& buffer,
                       Move tt_move, Mode mode)
    : pos_(pos),
      history_(history),
      stage_(Stage::TTMove),
      list_(buffer.moves),
      scores_(buffer.scores),
      bad_tactical_(buffer.bad_tactical) {
    tt_move_ = is_valid_move(pos, tt_move) ? tt_move : Move::none();
    if (mode == Mode::Quiescence) {
        if (tt_move_ && !is_tactical(pos, tt_move_)) tt_move_ = Move::none();
        skip_quiets_ = true;
    }
    if (mode == Mode::All)
        all_moves_ = true;
    else if (mode == Mode::Quiescence)
        quiescence_ = true;
}

void MovePicker::score_tactical() {
    for (int i = cur_; i < end_; ++i) scores_[i] = tactical_score(pos_, history_, list_[i]);
}

void MovePicker::score_quiets() {
    const Color us = pos_.side_to_move();
    for (int i = cur_; i < end_; ++i) scores_[i] = quiet_score(us, list_[i]);
}

void MovePicker::score_all() {
    const Color us = pos_.side_to_move();
    constexpr int TACTICAL_FIRST = 1 << 24;
    for (int i = cur_; i < end_; ++i) {
        const Move m = list_[i];
        scores_[i] = is_tactical(pos_, m) ? TACTICAL_FIRST + tactical_score(pos_, history_, m)
                                          : quiet_score(us, m);
    }
}

void MovePicker::keep_only_quiet_checks() {
    if (checks_only_) return;
    checks_only_ = true;
    const Color us = pos_.side_to_move();
    discoverers_ = pos_.king_blockers(~us) & pos_.pieces(us);
    if (stage_ == Stage::Quiets) filter_quiet_checks();
}

void MovePicker::filter_quiet_checks() {
    int kept = cur_;
    for (int i = cur_; i < end_; ++i)
        if (gives_check(pos_, list_[i], discoverers_)) {
            list_.begin()[kept] = list_[i];
            scores_[kept++] = scores_[i];
        }
    end_ = kept;
}

Move MovePicker::pick_best() {
    // Two passes instead of one scan that carries the best index: the top
    // score (a reduction the compiler vectorises), then its first index, the
    // move a scan keeping the earliest of equal scores would pick. The scan
    // spent a fifth of self-play's time mispredicting its branch.
    const int* scores = scores_.data();
    int top = scores[cur_];
    for (int i = cur_ + 1; i < end_; ++i) top = std::max(top, scores[i]);
    int best = cur_;
    while (scores[best] != top) ++best;
    const Move m = list_[best];
    if (best != cur_) {
        // Keep the unpicked tail intact: move cur_ into the hole.
        list_.begin()[best] = list_[cur_];
        scores_[best] = scores_[cur_];
    }
    ++cur_;
    return m;
}

Move MovePicker::next() {
    for (;;) {
        switch (stage_) {
            case Stage::TTMove:
                stage_ = all_moves_    ? Stage::AllGen
                         : quiescence_ ? Stage::QsGen
                                       : Stage::GenTactical;
                if (tt_move_) return tt_move_;
                break;

            case Stage::GenTactical:
            case Stage::QsGen:
                list_.clear();
                generate<GenType::Tactical>(pos_, list_);
                cur_ = 0;
                end_ = list_.size();
                score_tactical();
                stage_ = stage_ == Stage::QsGen ? Stage::QsTactical : Stage::GoodTactical;
                break;

            case Stage::GoodTactical:
                while (cur_ < end_) {
                    const Move m = pick_best();
                    if (m == tt_move_) continue;
                    if (!see_ge(pos_, m, 0) && bad_count_ < int(bad_tactical_.size())) {
                        bad_tactical_[bad_count_++] = m;
                        continue;
                    }
                    return m;
                }
                stage_ = Stage::Killer1;
                break;

            case Stage::Killer1:
            case Stage::Killer2:
            case Stage::Counter: {
                const int index = int(stage_) - int(Stage::Killer1);
                stage_ = Stage(int(stage_) + 1);
                const Move m = refutations_[index];
                if (!skip_quiets_ && m && (!checks_only_ || gives_check(pos_, m, discoverers_)))
                    return m;
                break;
            }

            case Stage::GenQuiets:
                if (skip_quiets_) {
                    stage_ = Stage::BadTactical;
                    break;
                }
                list_.clear();
                generate<GenType::Quiet>(pos_, list_);
                cur_ = 0;
                end_ = list_.size();
                score_quiets();
                if (checks_only_) filter_quiet_checks();
                stage_ = Stage::Quiets;
                break;

            case Stage::Quiets:
                while (!skip_quiets_ && cur_ < end_) {
                    const Move m = pick_best();
                    if (!is_special(m)) return m;
                }
                stage_ = Stage::BadTactical;
                break;

            case Stage::BadTactical:
                if (bad_cur_ < bad_count_) return bad_tactical_[bad_cur_++];
                stage_ = Stage::Done;
                break;

            case Stage::AllGen:
                list_.clear();
                generate<GenType::All>(pos_, list_);
                cur_ = 0;
                end_ = list_.size();
                score_all();
                stage_ = Stage::AllMoves;
                break;

            case Stage::QsTactical:  // the rest of the list, best first, TT move already tried
            case Stage::AllMoves:
                while (cur_ < end_) {
                    const Move m = pick_best();
                    if (m != tt_move_) return m;
                }
                stage_ = Stage::Done;
                break;

            case Stage::Done:
                return Move::none();
        }
    }
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search
