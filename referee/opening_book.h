// A file of start positions: one position a line, as FEN or as EPD (the four
// position fields, optionally followed by operations, which are ignored; the
// move counters become "0 1"). Blank lines and lines whose first non-blank
// character is '#' are skipped. Used by self-play and by matches.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/variant.h"

namespace pantheon::referee {
PANTHEON_VARIANT_BEGIN

struct OpeningBook {
    std::vector<std::string> fens;  // normalised (as Position::fen() writes them), file order
    uint64_t content_hash = 0;      // of the normalised positions, in file order
};

// One book line as a normalised FEN: a parseable position whose game is not over.
std::optional<std::string> fen_from_book_line(const std::string& line, std::string* error);

// Loads and checks every line. On failure returns false with a message naming
// the file and line.
bool load_opening_book(const std::string& path, OpeningBook& book, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::referee
