// Plays one game between two engines: sends positions and limits, keeps the
// clocks, has the arbiter check every move, applies adjudication, and scores
// every engine failure (crash, hang, garbage, illegal move) as a loss.
#pragma once

#include <atomic>
#include <string>

#include "selfplay/match/adjudication.h"
#include "selfplay/match/game_record.h"
#include "selfplay/match/uci_engine.h"

namespace pantheon::match {

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
