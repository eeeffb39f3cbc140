// The repetition rule inside search. Mansindam: a move is illegal when the
// situation it creates occurs for the third time (game history plus the
// search path). Pandemonium: every move is legal; the search scores a
// situation seen before as the repetition it starts (worker_search.cpp).
// Counting every move exactly would scan the whole history; instead a small
// table counts keys by their low bits, and only when it says "seen at least
// twice" is the exact count asked of the Position. The table must hold every
// state the Position holds (null moves included), or the two disagree.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/position.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

class RepetitionFilter {
  public:
    void clear() { counts_.fill(0); }
    void add(Key k) { ++counts_[k & MASK]; }
    void remove(Key k) { --counts_[k & MASK]; }
    // False means the key cannot have occurred twice already.
    bool maybe_twice(Key k) const { return counts_[k & MASK] >= 2; }

  private:
    static constexpr Key MASK = (1 << 13) - 1;
    std::array<uint16_t, MASK + 1> counts_{};
};

// The repetition state of one search path, kept in step with its Position.
class RepetitionGuard {
  public:
    // Enters every situation of the game that led to root.
    void reset(const Position& root) {
        filter_.clear();
        Position walk = root;
        for (;;) {
            filter_.add(walk.key());
            if (walk.game_ply() == 0) break;
            walk.undo_move();
        }
    }
    // Called right after pos.do_move: false (and nothing entered) when the
    // situation now occurs a third time, i.e. the move was illegal.
    bool enter(const Position& pos) {
        const Key k = pos.key();
        if constexpr (!Variant::draws)
            if (filter_.maybe_twice(k) && pos.occurrences(k) >= 3) return false;
        filter_.add(k);
        return true;
    }
    // Called right before pos.undo_move of a move that was entered.
    void leave(const Position& pos) { filter_.remove(pos.key()); }
    // A null move adds a state to the position, so it is entered too: called
    // right after pos.do_null_move; leave() before pos.undo_null_move.
    void enter_null(const Position& pos) { filter_.add(pos.key()); }
    // Whether the (pseudo-legal) move m would make a situation occur a third time.
    bool forbids(const Position& pos, Move m) const {
        if constexpr (Variant::draws) return false;
        const Key k = pos.key_after(m);
        return filter_.maybe_twice(k) && pos.occurrences_for_next(k) >= 2;
    }

    // Whether the current (entered) situation may have occurred before; false
    // means it surely did not.
    bool maybe_repeated(const Position& pos) const { return filter_.maybe_twice(pos.key()); }

  private:
    RepetitionFilter filter_;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::search
