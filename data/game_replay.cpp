#include "data/game_replay.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

std::optional<Position> start_position(const GameRecord& game, std::string* error) {
    if (game.start_fen.empty()) return Position::start();
    return Position::from_fen(game.start_fen, error);
}

int absolute_ply(const Position& pos) {
    return 2 * (pos.fullmove_number() - 1) + (pos.side_to_move() == BLACK);
}

const char* repetition_violation(const Position& pos, Move m) {
    if constexpr (Variant::draws) {
        return pos.occurrences(pos.key()) >= 3 ? "follows the end of the game by repetition"
                                               : nullptr;
    } else {
        return pos.repeats_third_time(m) ? "breaks the repetition rule" : nullptr;
    }
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
