// One recorded game as the data format stores it: where it started, every
// move with the search's verdict on the position before it, and how it ended.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/rules.h"
#include "engine/core/types.h"

namespace pantheon::data {

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
struct GameRecord {
    std::string start_fen;         // FEN the game started from; empty = standard start.
                                   // Reading gives back the FEN as Position::fen() writes it.
    std::vector<PlyRecord> plies;  // every move of the game, in order
    Termination termination = Termination::None;
    bool adjudicated = false;
    Color winner = WHITE;

    bool operator==(const GameRecord&) const = default;
};

// +1 if `side` won the game, -1 if it lost (no draws in Mansindam).
inline int result_for(const GameRecord& game, Color side) {
    return game.winner == side ? 1 : -1;
}

// Whether start_fen names the variant's standard start position.
bool is_standard_start(const std::string& fen);

}  // namespace pantheon::data
