// Runs scripted UCI sessions and picks their output apart.
#pragma once

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/notation.h"
#include "engine/core/rules.h"
#include "engine/uci/uci.h"

namespace pantheon::test {

// Feeds the script (one command per line) to uci::run, starting with the
// named game, and returns the output lines. run() lets a finite search finish
// at end of input.
inline std::vector<std::string> run_uci(const std::string& script,
                                        std::string_view first_variant = VARIANT_NAMES[0]) {
    std::istringstream in(script);
    std::ostringstream out;
    uci::run(in, out, first_variant);
    std::vector<std::string> lines;
    std::istringstream split(out.str());
    for (std::string line; std::getline(split, line);) lines.push_back(line);
    return lines;
}

inline std::vector<std::string> lines_starting(const std::vector<std::string>& lines,
                                               const std::string& prefix) {
    std::vector<std::string> out;
    for (const std::string& l : lines)
        if (l.rfind(prefix, 0) == 0) out.push_back(l);
    return out;
}

inline bool has_line(const std::vector<std::string>& lines, const std::string& text) {
    for (const std::string& l : lines)
        if (l == text) return true;
    return false;
}

inline bool has_line_containing(const std::vector<std::string>& lines, const std::string& text) {
    for (const std::string& l : lines)
        if (l.find(text) != std::string::npos) return true;
    return false;
}

// The move of each "bestmove X ..." line, as text.
inline std::vector<std::string> bestmoves(const std::vector<std::string>& lines) {
    std::vector<std::string> out;
    for (const std::string& l : lines_starting(lines, "bestmove ")) {
        std::istringstream words(l);
        std::string keyword, move;
        words >> keyword >> move;
        out.push_back(move);
    }
    return out;
}

// Whether text names a game-legal move in pos.
inline bool game_legal_text(const Position& pos, const std::string& text) {
    const auto m = parse_move(pos, text);
    if (!m) return false;
    MoveList list;
    generate_game_moves(pos, list);
    return list.contains(*m);
}

}  // namespace pantheon::test
