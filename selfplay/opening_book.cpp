#include "selfplay/opening_book.h"

#include <fstream>
#include <sstream>

#include "engine/core/rules.h"
#include "selfplay/rng.h"

namespace pantheon::selfplay {

namespace {

// The first n whitespace-separated fields of a line.
std::string first_fields(const std::string& line, int n) {
    std::istringstream in(line);
    std::string field, out;
    for (int i = 0; i < n && in >> field; ++i) out += (i ? " " : "") + field;
    return out;
}

uint64_t hash_text(uint64_t h, const std::string& text) {
    for (unsigned char c : text) h = mix64(h ^ c);
    return mix64(h ^ 0x0A);
}

}  // namespace

bool load_opening_book(const std::string& path, OpeningBook& book, std::string* error) {
    std::ifstream in(path);
    if (!in) {
        if (error) *error = "cannot open opening book '" + path + "'";
        return false;
    }
    book = {};
    std::string line;
    for (int line_no = 1; std::getline(in, line); ++line_no) {
        const size_t start = line.find_first_not_of(" \t\r");
        if (start == std::string::npos || line[start] == '#') continue;
        std::string why;
        auto pos = Position::from_fen(line, &why);
        if (!pos) pos = Position::from_fen(first_fields(line, 4), nullptr);  // EPD with operations
        if (!pos) {
            if (error) *error = path + ":" + std::to_string(line_no) + ": " + why;
            return false;
        }
        if (game_result(*pos).over()) {
            if (error)
                *error = path + ":" + std::to_string(line_no) + ": the game is already over there";
            return false;
        }
        book.fens.push_back(pos->fen());
        book.content_hash = hash_text(book.content_hash, book.fens.back());
    }
    if (book.fens.empty()) {
        if (error) *error = "opening book '" + path + "' holds no positions";
        return false;
    }
    return true;
}

}  // namespace pantheon::selfplay
