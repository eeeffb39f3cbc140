#include "data/game_replay.h"

namespace pantheon::data {

std::optional<Position> start_position(const GameRecord& game, std::string* error) {
    if (game.start_fen.empty()) return Position::start();
    return Position::from_fen(game.start_fen, error);
}

int absolute_ply(const Position& pos) {
    return 2 * (pos.fullmove_number() - 1) + (pos.side_to_move() == BLACK);
}

}  // namespace pantheon::data
