// A file of start positions for self-play: one position a line, as FEN or as
// EPD (the four position fields, optionally followed by operations, which are
// ignored). Blank lines and lines starting with '#' are skipped.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pantheon::selfplay {

struct OpeningBook {
    std::vector<std::string> fens;  // normalised (as Position::fen() writes them)
    uint64_t content_hash = 0;      // of the normalised positions, in file order
};

// Loads and checks every line (a parseable position whose game is not over).
// On failure returns false with a message naming the file and line.
bool load_opening_book(const std::string& path, OpeningBook& book, std::string* error);

}  // namespace pantheon::selfplay
