// How a game ends under the seeds' rules: campmate, no legal move (checkmate
// or stalemate, both losses), and the repetition rule that forbids a move
// creating a situation's third occurrence. There are no draws.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/core/movegen.h"

namespace pantheon {

// Legal moves of the game: the legal moves minus those the repetition rule forbids.
void generate_game_moves(const Position& pos, MoveList& list);

// A move text that is a move of the game: legal (parse_move) and not
// forbidden by the repetition rule. The one legality check of moves received
// from outside (UCI `position`, engines in a match); nullopt with the reason.
std::optional<Move> parse_game_move(const Position& pos, std::string_view text, std::string* error);

enum class Termination : uint8_t {
    None,        // the game goes on
    Checkmate,   // side to move is in check and has no move
    Stalemate,   // side to move is not in check and has no move
    Campmate,    // a king reached its last rank
    Repetition,  // every remaining move would repeat a situation a third time
};
std::string_view termination_name(Termination t);

struct GameResult {
    Termination termination = Termination::None;
    std::optional<Color> winner;  // set whenever termination != None
    bool over() const { return termination != Termination::None; }
};

GameResult game_result(const Position& pos);

}  // namespace pantheon
