// Helpers shared by the search tests: positions from the shared reference
// data, random playouts, and game-legality checks.
#pragma once

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/position.h"

namespace pantheon::test {

// Parses a FEN the test relies on; fails the test (throws) if it is refused.
Position position_from_fen(std::string_view fen);

// FENs of the openings book and the reference perft file when the shared
// directory is present, otherwise a small built-in list.
std::vector<std::string> sample_fens();

// Plays up to `plies` random game-legal moves from pos (stops early when the
// game ends); the returned position carries that history.
Position random_playout(Position pos, int plies, std::mt19937_64& rng);

// Whether m is a legal move of the game in pos (repetition rule included).
bool is_game_legal(const Position& pos, Move m);

// Parses a move the test relies on; fails the test (throws) if it is refused.
Move move_in(const Position& pos, std::string_view text);

}  // namespace pantheon::test
