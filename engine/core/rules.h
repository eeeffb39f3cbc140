// How a game ends under the seeds' rules.
// Mansindam: campmate, no legal move (checkmate or stalemate, both losses),
// and the repetition rule that forbids a move creating a situation's third
// occurrence. There are no draws.
// Pandemonium: checkmate loses; stalemate is a draw; a situation (board,
// hands, side to move, castling and en passant rights) occurring a third time
// is a draw, unless one side gave check with every move since its first
// occurrence: that side loses (perpetual check).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/core/movegen.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

// Legal moves of the game: the legal moves minus those the repetition rule
// forbids (Mansindam; in Pandemonium repetition forbids nothing).
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
    Repetition,  // Mansindam: every remaining move would repeat a situation a third time;
                 // Pandemonium: a situation occurred a third time (a draw)
    PerpetualCheck,  // Pandemonium: the third occurrence came of one side's checks only
};
std::string_view termination_name(Termination t);

struct GameResult {
    Termination termination = Termination::None;
    std::optional<Color> winner;  // none only for a draw (Pandemonium) or a game going on
    bool over() const { return termination != Termination::None; }
};

GameResult game_result(const Position& pos);

// Pandemonium's repetition, piece by piece (search scores a repetition before
// the game ends by it). The ply of the latest earlier occurrence of the
// current situation since the last null move, or -1.
int previous_occurrence(const Position& pos);
// The side that gave check with every one of its moves after first_ply, if
// exactly one side did (a third occurrence then makes that side lose).
std::optional<Color> perpetual_checker(const Position& pos, int first_ply);

PANTHEON_VARIANT_END
}  // namespace pantheon
