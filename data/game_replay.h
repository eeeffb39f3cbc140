// Walking through a recorded game with the rules core: the position before
// each ply, handed to a visitor (stats, export, filter, verification).
#pragma once

#include <optional>
#include <string>

#include "data/game_record.h"
#include "engine/core/movegen.h"
#include "engine/core/position.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

// The position a game starts from; nullopt (and a message) if start_fen is bad.
std::optional<Position> start_position(const GameRecord& game, std::string* error);

// Plies of the whole game before pos, as its FEN move counters say: 2*(fullmove-1) + side.
int absolute_ply(const Position& pos);

// Why playing m in pos breaks the game's repetition rule, or nullptr.
// Mansindam forbids a move that makes a situation occur a third time; in
// Pandemonium that third occurrence ends the game, so no move may follow it.
const char* repetition_violation(const Position& pos, Move m);

// Calls visit(const Position& before, const PlyRecord& ply, int ply_index) for
// every ply, then makes the played move. With check_legality (the default),
// returns false with a message if a played move is not legal there; games
// decoded from a file may skip the check (their moves are never malformed).
template <class Visitor>
bool replay_game(const GameRecord& game, Visitor&& visit, std::string* error,
                 bool check_legality = true) {
    auto pos = start_position(game, error);
    if (!pos) return false;
    for (size_t i = 0; i < game.plies.size(); ++i) {
        const PlyRecord& ply = game.plies[i];
        if (check_legality && !is_legal(*pos, ply.played)) {
            if (error)
                *error = "ply " + std::to_string(i + 1) + ": move is not legal in " + pos->fen();
            return false;
        }
        visit(static_cast<const Position&>(*pos), ply, int(i));
        pos->do_move(ply.played);
    }
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
