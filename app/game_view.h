// `pantheon view`: the games of a match PGN as one self-contained HTML page
// (inline CSS, script and data; nothing fetched) to step through on a board.
// The per-game half (cmd_view_game.cpp) replays every game under its rules
// (app/pgn_import.h) into a GameView holding the FEN after each ply; the page
// built here is variant-free and only draws those positions.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "match/pgn.h"

namespace pantheon::app {

// What the page needs of a game's board and pieces.
struct BoardShape {
    std::string variant;  // as engine/core/games.h names it
    int files = 0, ranks = 0;
    int promotion_zone_depth = 0;  // ranks at each side's far end
    // FEN letter (upper case; "+X" for promoted X) and the piece's name.
    std::vector<std::pair<std::string, std::string>> piece_names;
};

// One game as the page shows it.
struct GameView {
    std::string round, white, black, result, termination, date;
    std::string start_fen;              // empty: the variant's start position
    std::vector<std::string> moves;     // as the PGN writes them (SPEC.md notation)
    std::vector<std::string> comments;  // the comment after each move ("" if none)
    std::vector<std::string> fens;      // fens[0] the start, fens[i] after moves[i-1]
};

// `pantheon view PGN... --out HTML`: the PGNs' games already read (the
// command reads the files, variant-free, and picks the game's half by the
// Variant tag).
struct ViewRequest {
    std::string title;  // the files' names
    std::string out;
    std::vector<match::PgnGame> games;
    std::vector<std::string> game_files;  // the file each game came from
};

// The data the page draws, as JSON text (every '<' escaped, so that it can
// sit inside a <script> element).
std::string game_views_json(const BoardShape& board, const std::vector<GameView>& games,
                            const std::string& source, int unfinished_games);

// The whole page.
std::string game_views_html(const BoardShape& board, const std::vector<GameView>& games,
                            const std::string& source, int unfinished_games);

}  // namespace pantheon::app
