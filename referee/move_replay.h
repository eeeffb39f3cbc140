// A game given as text (a start FEN or none, then move texts) replayed under
// the rules, each move checked by the referee's parser (parse_game_move:
// legality and the repetition rule). The one replay of recorded games: PGN
// imports into training data (`pantheon data import-pgn`) and PGN opening
// books of matches.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/position.h"

namespace pantheon::referee {
PANTHEON_VARIANT_BEGIN

struct ReplayedGame {
    Position start;           // the FEN's position, or the standard start
    Position end;             // after the replayed moves (with their history)
    std::vector<Move> moves;  // the replayed moves
};

// Replays the first `max_plies` of `moves` (all of them if there are fewer)
// from `fen` (nullptr: the standard start). On a FEN that does not parse
// ("FEN: ...") or a move that is not one of the game's ("move 3 'e2e9': ..."),
// nullopt with the message.
std::optional<ReplayedGame> replay_moves(const std::string* fen,
                                         const std::vector<std::string>& moves, size_t max_plies,
                                         std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::referee
