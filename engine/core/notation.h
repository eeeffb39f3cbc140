// Move and square text in the UCI style of SPEC.md: e3e4, e6e7+, P@e5.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/core/position.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

std::string square_name(Square s);
std::optional<Square> parse_square(std::string_view text);
std::string move_to_string(Move m);

// The move the text names by its shape alone ("e3e4", "e6e7+", "P@e5"),
// legal or not; nullopt if the text is not a move at all.
std::optional<Move> parse_move_text(std::string_view text);

// The legal move (perft convention: no repetition check) that the text names
// in pos. On failure says whether the text is malformed or the move illegal.
std::optional<Move> parse_move(const Position& pos, std::string_view text,
                               std::string* error = nullptr);

PANTHEON_VARIANT_END
}  // namespace pantheon
