// Plays one game between two engines: sends positions and limits, keeps the
// clocks, has the referee (game/game.h) check every move and end the game,
// and scores every engine failure (crash, hang, garbage, illegal move) as a loss.
#pragma once

#include <atomic>
#include <string>

#include "game/adjudication.h"
#include "match/game_record.h"
#include "match/uci_engine.h"

namespace pantheon::match {

// The match's adjudication options. Resign: for `resign_moves` moves of EACH
// engine (2 * resign_moves plies in a row) both agree the same side is behind
// by at least `resign_cp`. Length: at `max_plies` the last score of each
// engine decides; a zero sum is a draw (the only way one arises).
struct AdjudicationSettings {
    int resign_moves = 0;  // 0: no resign adjudication
    int resign_cp = 1000;
    int max_plies = 0;  // 0: no length limit
};
game::AdjudicationRules adjudication_rules(const AdjudicationSettings& s);

struct GameSettings {
    int64_t time_margin_ms = 100;        // grace beyond the clock or movetime
    int64_t untimed_timeout_ms = 60000;  // hang limit for depth/nodes-only searches
    int64_t startup_timeout_ms = 10000;  // uci/uciok, isready/readyok
    AdjudicationSettings adjudication;
};

// Plays from opening_fen with engines[WHITE] and engines[BLACK]. Returns a
// record with Outcome::Unfinished only if `abort` was raised.
GameRecord play_game(UciEngine& white, UciEngine& black, const std::string& opening_fen,
                     const GameSettings& settings, const std::atomic<bool>* abort);

}  // namespace pantheon::match
