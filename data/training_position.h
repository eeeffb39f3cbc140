// One labelled training position, compact and self-contained (no history).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "data/game_record.h"
#include "engine/core/position.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

struct TrainingPosition {
    std::array<Piece, SQUARE_NB> board{};  // index = square (a1 = 0); NO_PIECE when empty
    std::array<std::array<uint8_t, HAND_TYPE_NB>, COLOR_NB> hands{};
    Color side_to_move = WHITE;
    bool in_check = false;
    int8_t result = 0;  // game result from the side to move's view: +1 won, 0 drawn, -1 lost
    int16_t score = 0;  // search score, centipawns, side to move's view
    Move best;          // the search's best move (none if the producer recorded none)
    Move played;        // the move the game went on with
    uint16_t ply = 0;   // plies of the game before it: 2 * (fullmove - 1) + (black to move)

    int hand_total() const;
    // The result on the trainer's scale: 1 won, 0.5 drawn, 0 lost.
    float result_wdl() const { return 0.5f * float(result + 1); }
    // The best move is a capture or a promotion (what `data filter` calls tactical).
    bool best_is_tactical() const {
        return best && (best.is_promotion() || (!best.is_drop() && board[best.to()] != NO_PIECE));
    }
    // FEN with the move counters derived from ply (half-move clock 0).
    std::string fen() const;
    std::optional<Position> to_position() const;
    bool operator==(const TrainingPosition&) const = default;
};

// The training position for `before` (the position in which `ply` is played)
// in a game that `winner` won (none: drawn).
TrainingPosition make_training_position(const Position& before, const PlyRecord& ply,
                                        std::optional<Color> winner);

PANTHEON_VARIANT_END
}  // namespace pantheon::data
