// Tuned constants of the search, in one place. Where the games differ too
// much for one value to fit, the game's header holds the value
// (Variant::Search, engine/core/games/<game>.h).
#pragma once

#include "engine/core/variant.h"

namespace pantheon::search::params {
PANTHEON_VARIANT_BEGIN

// The NNUE evaluation adds this share (percent) of the hand-crafted
// king-danger balance (king_danger.h), which the nets under-weigh. Off: in
// Mansindam 50% gained +41.6 at equal nodes (SPRT H1) but costs 24% of the
// nodes per second, and at equal time (7,500 nodes against 10,000) it lost
// (docs/TUNING.md, "Search"). Pandemonium: not measured.
constexpr int NNUE_KING_DANGER_PERCENT = 0;

// Aspiration windows.
constexpr int ASPIRATION_MIN_DEPTH = 4;
constexpr int ASPIRATION_DELTA = 18;

// Reverse futility pruning (static null move).
constexpr int RFP_MAX_DEPTH = 7;
constexpr int RFP_MARGIN = 130;

// Null-move pruning.
constexpr int NMP_MIN_DEPTH = 3;
constexpr int NMP_BASE_REDUCTION = 3;
constexpr int NMP_DEPTH_DIVISOR = 4;
constexpr int NMP_EVAL_DIVISOR = 200;
constexpr int NMP_VERIFY_DEPTH = 12;

// Late move reductions: r = LMR_BASE + ln(depth) * ln(moves) / LMR_DIVISOR.
constexpr double LMR_BASE = 0.5;
constexpr double LMR_DIVISOR = Variant::Search::lmr_divisor;
// Of the quiet move's history score (with continuation history, the sum of
// three tables).
constexpr int LMR_HISTORY_DIVISOR = Variant::Search::lmr_history_divisor;

// Singular extensions: the table's move is searched one ply deeper when a
// search of the other moves (at half depth) stays SINGULAR_MARGIN_PER_DEPTH *
// depth below its table score.
constexpr bool SINGULAR_EXTENSION = Variant::Search::singular_extension;
constexpr int SINGULAR_MIN_DEPTH = 6;
constexpr int SINGULAR_TT_DEPTH_MARGIN = 3;  // table depth at least depth - this
constexpr int SINGULAR_MARGIN_PER_DEPTH = 2;

// Shallow-depth pruning of quiet moves and captures.
constexpr int LMP_BASE = 4;  // quiets tried at depth d: (LMP_BASE + d*d) / (2 - improving)
constexpr int FUTILITY_MAX_DEPTH = 8;
constexpr int FUTILITY_BASE = 120;
constexpr int FUTILITY_PER_DEPTH = 110;
constexpr int SEE_QUIET_MARGIN = 40;     // per lmr-depth squared
constexpr int SEE_CAPTURE_MARGIN = 120;  // per depth
constexpr int HISTORY_PRUNING_DEPTH = 4;
// Per depth, of the same score.
constexpr int HISTORY_PRUNING_MARGIN = Variant::Search::history_pruning_margin;

// Quiescence.
constexpr int QS_FUTILITY_MARGIN = 150;
// Beyond this quiescence depth a campmate threat no longer widens the search
// to all moves (the evaluation's threat term stands in for it).
constexpr int QS_THREAT_MAX_PLY = 2;
// In check, once an evasion holds off mate, at most this many quiet evasions
// (king steps, interposing drops) are searched: chains of checks answered by
// drops otherwise grow without bound (a depth-1 search of over a million
// nodes on positions with full hands).
constexpr int QS_QUIET_EVASIONS = 2;

// History tables.
// Continuation history (a quiet move's record as the reply to the moves one
// and two plies before) in ordering, pruning and reductions, where the game's
// SPRT accepted it (docs/TUNING.md).
constexpr bool CONTINUATION_HISTORY = Variant::Search::continuation_history;
constexpr int HISTORY_MAX = 16384;
constexpr int HISTORY_BONUS_PER_DEPTH = 180;
constexpr int HISTORY_BONUS_MAX = 1800;

// Time management.
// The moves a clock without movestogo is planned for (per game: how fast the
// clock is spent early).
constexpr int TM_DEFAULT_MOVES_TO_GO = Variant::Search::tm_moves_to_go;
constexpr int TM_MAX_MOVES_TO_GO = 50;
constexpr double TM_INCREMENT_SHARE = 0.75;
constexpr double TM_MAXIMUM_RATIO = 4.0;      // hard limit as a multiple of the optimum
constexpr double TM_MAXIMUM_OF_CLOCK = 0.35;  // never more than this share of the clock
constexpr int TM_CHECK_INTERVAL = 1024;       // nodes between clock reads
// Limits wait for the first root move of a search to be searched in full (so
// the move played has been searched), but not past a backstop: a node limit
// this many times over (at least FIRST_MOVE_MIN_NODES), the clock's hard
// limit (at least FIRST_MOVE_MIN_MS, for a clock too short to search at all,
// but not past nine tenths of what is left on the clock unless that is under
// FIRST_MOVE_FLOOR_MS: a clock that short is lost either way if the lag is
// what Move Overhead assumes, and an ordinary first iteration fits in it).
// Past it the first move in root order is played unsearched.
constexpr uint64_t FIRST_MOVE_NODE_FACTOR = 16;
constexpr uint64_t FIRST_MOVE_MIN_NODES = 1'000'000;
constexpr int64_t FIRST_MOVE_MIN_MS = 1000;
constexpr int64_t FIRST_MOVE_FLOOR_MS = 50;
// No new iteration after this share of the optimum (times the trend's factor):
// the next one would most likely not finish in time.
constexpr double TM_NEW_ITERATION_SHARE = Variant::Search::tm_new_iteration_share;
// Time factor by iterations the best move has stayed (last entry: and more).
constexpr double TM_STABLE_SHARE[] = {1.3, 1.15, 1.0, 0.85, 0.75, 0.65, 0.55};
constexpr double TM_CHANGE_WEIGHT = 0.45;  // per recent best-move change
constexpr double TM_FALL_SCALE = 180;      // centipawns of score drop for +100% time
constexpr double TM_FALL_MIN = 0.8;
constexpr double TM_FALL_MAX = 1.7;

PANTHEON_VARIANT_END
}  // namespace pantheon::search::params
