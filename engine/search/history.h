// Move-ordering statistics learned during search: butterfly history for
// quiet moves (drops included: a drop's "from" is its hand-piece code),
// continuation history (a quiet move's record as the reply to the move one
// or two plies before), capture history, killer moves and counter-moves.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "engine/core/types.h"
#include "engine/search/search_params.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

constexpr int FROM_CODE_NB = 128;  // board squares, then SQUARE_NB + hand type

inline int history_bonus(int depth) {
    return std::min(params::HISTORY_BONUS_PER_DEPTH * depth, params::HISTORY_BONUS_MAX);
}

// Moves a statistic towards +-HISTORY_MAX, less the closer it already is.
inline void apply_gravity(int16_t& entry, int bonus) {
    const int clamped = std::clamp(bonus, -params::HISTORY_MAX, params::HISTORY_MAX);
    entry = int16_t(entry + clamped - entry * std::abs(clamped) / params::HISTORY_MAX);
}

// A quiet move's record as a reply to one earlier move, by the reply's piece
// (a drop's is the dropped piece) and destination.
using ContinuationTable = int16_t[PIECE_NB][SQUARE_NB];

// The continuation tables of the moves one and two plies back; null where
// there was none (a null move, the root).
struct ContinuationContext {
    ContinuationTable* tables[2] = {nullptr, nullptr};
};

struct History {
    int16_t quiet[COLOR_NB][FROM_CODE_NB][SQUARE_NB];
    // By the earlier move's piece and destination.
    ContinuationTable continuation[PIECE_NB][SQUARE_NB];
    int16_t capture[PIECE_NB][SQUARE_NB][PIECE_TYPE_NB];  // moved piece, to, victim type
    Move counter[PIECE_NB][SQUARE_NB];                    // reply to the piece that moved to

    // The continuation tables (most of the size) only where the game uses
    // them: untouched, their pages are never mapped in.
    void clear() {
        std::memset(quiet, 0, sizeof(quiet));
        if constexpr (params::CONTINUATION_HISTORY) std::memset(continuation, 0, sizeof(continuation));
        std::memset(capture, 0, sizeof(capture));
        std::memset(static_cast<void*>(counter), 0, sizeof(counter));
    }

    int quiet_score(Color c, Move m) const { return quiet[c][m.from()][m.to()]; }
    // The butterfly score plus both continuation scores.
    int quiet_score(Color c, Move m, Piece moved, const ContinuationContext& context) const {
        int score = quiet[c][m.from()][m.to()];
        for (const ContinuationTable* table : context.tables)
            if (table) score += (*table)[moved][m.to()];
        return score;
    }
    void update_quiet(Color c, Move m, Piece moved, const ContinuationContext& context,
                      int bonus) {
        apply_gravity(quiet[c][m.from()][m.to()], bonus);
        for (ContinuationTable* table : context.tables)
            if (table) apply_gravity((*table)[moved][m.to()], bonus);
    }
    ContinuationTable* continuation_after(Piece moved, Move m) {
        return &continuation[moved][m.to()];
    }
};

PANTHEON_VARIANT_END
}  // namespace pantheon::search
