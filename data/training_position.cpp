#include "data/training_position.h"

#include <algorithm>

#include "data/board_text.h"
#include "data/game_replay.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

int TrainingPosition::hand_total() const {
    int n = 0;
    for (const auto& side : hands)
        for (uint8_t c : side) n += c;
    return n;
}

std::string TrainingPosition::fen() const {
    return make_fen(board, hands, side_to_move, 0, ply / 2 + 1);
}

std::optional<Position> TrainingPosition::to_position() const {
    return Position::from_fen(fen());
}

TrainingPosition make_training_position(const Position& before, const PlyRecord& ply,
                                        std::optional<Color> winner) {
    TrainingPosition t;
    for (int s = 0; s < SQUARE_NB; ++s) t.board[s] = before.piece_on(Square(s));
    for (Color c : {WHITE, BLACK})
        for (int pt = 0; pt < HAND_TYPE_NB; ++pt)
            t.hands[c][pt] = uint8_t(before.hand_count(c, PieceType(pt)));
    t.side_to_move = before.side_to_move();
    t.in_check = before.in_check();
    t.result = int8_t(result_for(winner, t.side_to_move));
    t.score = ply.score;
    t.best = ply.best;
    t.played = ply.played;
    t.ply = uint16_t(std::clamp(absolute_ply(before), 0, 65535));
    return t;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
