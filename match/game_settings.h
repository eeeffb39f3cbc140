// How the games of a match are played and adjudicated: variant-free settings
// that every variant's game loop (game_runner.h) takes.
#pragma once

#include <cstdint>

namespace pantheon::match {

// The match's adjudication options. Resign: for `resign_moves` moves of EACH
// engine (2 * resign_moves plies in a row) both agree the same side is behind
// by at least `resign_cp`. Draw: as fastchess's -draw movenumber= movecount=
// score=. Length: at `max_plies` the last score of each
// engine decides; a zero sum is a draw.
struct AdjudicationSettings {
    int resign_moves = 0;  // 0: no resign adjudication
    int resign_cp = 1000;
    int max_plies = 0;  // 0: no length limit
    // Draw (games with draws only): after move `draw_move_number`, both
    // engines' scores within +-`draw_cp` for `draw_moves` moves of each.
    int draw_move_number = 0;
    int draw_moves = 0;  // 0: no draw adjudication
    int draw_cp = 0;
};

struct GameSettings {
    int64_t time_margin_ms = 100;        // grace beyond the clock or movetime
    int64_t untimed_timeout_ms = 60000;  // hang limit for depth/nodes-only searches
    int64_t startup_timeout_ms = 10000;  // uci/uciok, isready/readyok
    AdjudicationSettings adjudication;
};

}  // namespace pantheon::match
