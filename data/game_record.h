// One recorded game as the data format stores it: where it started, every
// move with the search's verdict on the position before it, and how it ended.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/rules.h"
#include "engine/core/types.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

// Scores are centipawns from the side to move's view. Mate scores must be
// mapped into [-SCORE_LIMIT, SCORE_LIMIT] by the producer (clamp_score does
// the clamping); the writer refuses anything outside.
constexpr int SCORE_LIMIT = 32000;
constexpr int16_t clamp_score(int score) {
    return int16_t(score > SCORE_LIMIT ? SCORE_LIMIT : score < -SCORE_LIMIT ? -SCORE_LIMIT : score);
}

struct PlyRecord {
    Move played;        // the move made in the game (legal in the position before it)
    Move best;          // the search's best move there; may differ from played (random moves)
    int16_t score = 0;  // search score of the position BEFORE `played`, side to move's view
    // The position stays in the chain (the game needs it) but is not a
    // training sample: set by `data filter`, may be set by producers.
    bool excluded = false;

    bool operator==(const PlyRecord&) const = default;
};

// How a game ended. Three shapes:
//  - played out: termination != None (rules.h), adjudicated = false, winner as the rules say;
//  - adjudicated (resign / length): termination = None, adjudicated = true, winner adjudicated;
//  - open chain (imported positions, the game's end not recorded): termination = None,
//    adjudicated = false, winner is the result the positions carry.
// No winner is a draw (variants with draws only: Pandemonium's stalemate and
// repetition, a length-cap draw, drawn positions).
struct GameRecord {
    std::string start_fen;         // FEN the game started from; empty = standard start.
                                   // Reading gives back the FEN as Position::fen() writes it.
    std::vector<PlyRecord> plies;  // every move of the game, in order
    Termination termination = Termination::None;
    bool adjudicated = false;
    std::optional<Color> winner = WHITE;  // none: a draw

    bool operator==(const GameRecord&) const = default;
};

// +1 if `side` won, -1 if it lost, 0 for a draw.
inline int result_for(std::optional<Color> winner, Color side) {
    return !winner ? 0 : *winner == side ? 1 : -1;
}
inline int result_for(const GameRecord& game, Color side) {
    return result_for(game.winner, side);
}

// Whether a recorded end can be true in this variant: the rules' draws
// (stalemate, repetition where they draw) have no winner, the rules' wins
// have one; a game not ended by the rules may be drawn only where draws exist.
bool result_possible(Termination termination, std::optional<Color> winner);

// Whether start_fen names the variant's standard start position.
bool is_standard_start(const std::string& fen);

PANTHEON_VARIANT_END
}  // namespace pantheon::data
