#include "referee/opening_book.h"

#include <fstream>
#include <sstream>

#include "engine/core/position.h"
#include "engine/core/rules.h"
#include "util/text_hash.h"

namespace pantheon::referee {
PANTHEON_VARIANT_BEGIN

namespace {

bool is_count(const std::string& s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

std::optional<std::string> fen_from_book_line(const std::string& line, std::string* error) {
    std::istringstream in(line);
    std::vector<std::string> fields;
    for (std::string f; in >> f;) fields.push_back(f);
    if (fields.size() < 4) {
        if (error) *error = "expected at least 4 fields";
        return std::nullopt;
    }
    std::string fen = fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3];
    // A FEN has the two move counters; an EPD has operations (or nothing) there.
    if (fields.size() >= 6 && is_count(fields[4]) && is_count(fields[5]))
        fen += " " + fields[4] + " " + fields[5];
    else
        fen += " 0 1";
    std::string why;
    const auto pos = Position::from_fen(fen, &why);
    if (!pos) {
        if (error) *error = why;
        return std::nullopt;
    }
    if (game_result(*pos).over()) {
        if (error) *error = "the game is already over in this position";
        return std::nullopt;
    }
    return pos->fen();
}

bool load_opening_book(const std::string& path, OpeningBook& book, std::string* error) {
    std::ifstream in(path);
    if (!in) {
        if (error) *error = "cannot open opening book '" + path + "'";
        return false;
    }
    book = {};
    book.content_hash = util::TEXT_HASH_BASIS;
    std::string line;
    for (int line_no = 1; std::getline(in, line); ++line_no) {
        const size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        std::string why;
        const auto fen = fen_from_book_line(line, &why);
        if (!fen) {
            if (error) *error = path + ":" + std::to_string(line_no) + ": " + why;
            return false;
        }
        book.fens.push_back(*fen);
        // The hash of the normalised book text, one position a line.
        book.content_hash = util::text_hash("\n", util::text_hash(*fen, book.content_hash));
    }
    if (book.fens.empty()) {
        if (error) *error = "opening book '" + path + "' holds no positions";
        return false;
    }
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::referee
