// Plays one game between two engines: sends positions and limits, keeps the
// clocks, has the referee (referee/game.h) check every move and end the game,
// and scores every engine failure (crash, hang, garbage, illegal move) as a loss.
// Compiled once per variant (the tournament reaches it through
// variant_rules.h); every declaration is in the variant's inline namespace.
#pragma once

#include <atomic>
#include <string>

#include "match/game_record.h"
#include "match/game_settings.h"
#include "match/uci_engine.h"
#include "referee/adjudication.h"

namespace pantheon::match {
PANTHEON_VARIANT_BEGIN

referee::AdjudicationRules adjudication_rules(const AdjudicationSettings& s);

// Plays from opening_fen with engines[WHITE] and engines[BLACK]. Returns a
// record with Outcome::Unfinished only if `abort` was raised.
GameRecord play_game(UciEngine& white, UciEngine& black, const std::string& opening_fen,
                     const GameSettings& settings, const std::atomic<bool>* abort);

PANTHEON_VARIANT_END
}  // namespace pantheon::match
