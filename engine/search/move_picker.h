// Hands out a node's moves one at a time, best guesses first, generating in
// stages so a cut-off often comes before the (drop-heavy) quiet moves exist:
// transposition-table move, good captures and promotions, killers and the
// counter-move, quiet moves by history, then losing captures. In check, or
// when all moves are wanted, every legal move is scored at once.
#pragma once

#include <array>

#include "engine/core/movegen.h"
#include "engine/search/history.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

// Captures and promotions: the moves ordered and searched as tactical.
inline bool is_tactical(const Position& pos, Move m) {
    return pos.is_capture(m) || m.is_promotion();
}

// Storage for one picker, owned by the search thread (one per ply) so that a
// node does not construct and clear kilobytes of move lists.
struct PickerBuffer {
    MoveList moves;
    std::array<int, MAX_MOVES> scores;
    std::array<Move, 128> bad_tactical;
};

class MovePicker {
  public:
    enum class Mode { Main, Quiescence, All };

    // Main search (every legal move at once when in check). killers/counter
    // may be none or stale: they are validated. Quiet moves are ordered by
    // their butterfly and continuation scores.
    MovePicker(const Position& pos, const History& history, PickerBuffer& buffer, Move tt_move,
               const Move (&killers)[2], Move counter, const ContinuationContext& continuation);
    // Quiescence (captures and promotions) or every legal move (evasions).
    MovePicker(const Position& pos, const History& history, PickerBuffer& buffer, Move tt_move,
               Mode mode);

    // The next move, or Move::none() when exhausted.
    Move next();
    // Stop handing out quiet moves (late-move pruning); tactical ones still come.
    void skip_quiets() { skip_quiets_ = true; }
    // From now on hand out only those quiet moves that give check.
    void keep_only_quiet_checks();

  private:
    enum class Stage {
        TTMove,
        GenTactical,
        GoodTactical,
        Killer1,
        Killer2,
        Counter,
        GenQuiets,
        Quiets,
        BadTactical,
        QsGen,
        QsTactical,
        AllGen,
        AllMoves,
        Done
    };
    void score_tactical();
    void score_quiets();
    void score_all();
    // Drops the quiet moves in [cur_, end_) that do not give check.
    void filter_quiet_checks();
    // Index of the best-scored move in [cur_, end_), swapped to cur_.
    Move pick_best();
    int quiet_score(Color us, Move m) const {
        return history_.quiet_score(us, m, pos_.moved_piece(m), continuation_);
    }
    bool is_special(Move m) const {
        return m == tt_move_ || m == refutations_[0] || m == refutations_[1] ||
               m == refutations_[2];
    }

    const Position& pos_;
    const History& history_;
    ContinuationContext continuation_;
    Move tt_move_;
    Move refutations_[3];  // killer 1, killer 2, counter (validated quiets)
    Stage stage_;
    bool skip_quiets_ = false;
    bool all_moves_ = false;
    bool quiescence_ = false;
    bool checks_only_ = false;
    Bitboard discoverers_ = 0;  // for gives_check once checks_only_ is set
    MoveList& list_;
    std::array<int, MAX_MOVES>& scores_;
    std::array<Move, 128>& bad_tactical_;
    int cur_ = 0, end_ = 0;
    int bad_count_ = 0, bad_cur_ = 0;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::search
