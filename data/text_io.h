// `pantheon data export` / `import`: one position a line, tab-separated
// (docs/DATA_FORMAT.md, "Text form"):
//   FEN  score  result  ply  best  played  end
// score: centipawns, side to move's view; result: 1 if the side to move won
// the game, -1 if it lost, 0 if drawn (variants with draws); ply: 2*(fullmove-1) + (1 if Black to
// move); best and played: UCI moves ("0000" = no best move); end: how the game ended (checkmate,
// stalemate, campmate, repetition, perpetual-check, adjudicated, open). Import needs the first five
// columns; played defaults to best.
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "data/game_file.h"
#include "data/progress.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

struct ExportOptions {
    bool include_excluded = false;  // also write plies a filter excluded
};

// Writes every (training) position of the inputs; returns false on a read error.
bool export_text(const std::vector<std::string>& inputs, std::ostream& out,
                 const ExportOptions& options, uint64_t& lines, std::ostream* progress_out,
                 std::string* error);

struct ImportReport {
    uint64_t lines = 0, positions = 0, chains = 0;
};

// Reads lines into games: a line continues the previous line's chain when its
// position is the one the previous line's played move leads to (and result and
// end agree); otherwise it starts a chain of its own. A chain whose last move
// ends the game as its end column says is stored as played out; otherwise as
// adjudicated (if so marked and the game is not over) or as an open chain.
// Empty lines and lines starting with '#' are skipped. `source` names the
// input in messages ("FILE:LINE: ...").
bool import_text(std::istream& in, const std::string& source, GameFileWriter& writer,
                 ImportReport& report, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::data
