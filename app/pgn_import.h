// `pantheon data import-pgn`: the games of PGN files as `pantheon match`
// writes them (match/pgn.h) turned into data records of one game, each move
// replayed under the rules. Positions carry no search score (0): rescore them
// (`pantheon data rescore`) before training. Compiled once per game.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "data/game_record.h"
#include "match/pgn.h"

namespace pantheon::app {
PANTHEON_VARIANT_BEGIN

// What a PGN game says about its end, in the data format's terms: a game the
// rules ended is stored as played out (its winner must be the rules'); any
// other finished game (time forfeit, adjudication, an illegal move refused)
// as adjudicated, with the Result tag's winner.
// Returns nullopt for an unfinished game ("*") with *skipped set, or on a
// game that is not one of this variant's (wrong Variant tag, bad FEN, an
// illegal move, a result the final position contradicts) with *error set.
std::optional<data::GameRecord> record_from_pgn(const match::PgnGame& game, bool* skipped,
                                                std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::app
