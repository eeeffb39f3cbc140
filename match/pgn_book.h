// A PGN file as an opening book (fastchess's `-openings format=pgn`): each
// game gives the position after its moves, replayed from its FEN tag (or the
// standard start) under the rules, or after only its first `max_plies` plies
// (fastchess's `plies=`). Compiled once per variant with the rules.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/core/variant.h"

namespace pantheon::match {
PANTHEON_VARIANT_BEGIN

// Appends one normalised FEN per game of the file, in file order. On an
// unreadable file, a malformed game, a move that is not one of the game's, or
// a position whose game is over, false with a message naming the file and the
// game's number (from 1).
bool load_pgn_book(const std::string& path, size_t max_plies, std::vector<std::string>& fens,
                   std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::match
