#include "engine/uci/uci_parse.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "engine/core/notation.h"
#include "engine/core/rules.h"

namespace pantheon::uci {
PANTHEON_VARIANT_BEGIN

std::vector<std::string_view> split_words(std::string_view text) {
    std::vector<std::string_view> words;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        const size_t start = i;
        while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        if (i > start) words.push_back(text.substr(start, i - start));
    }
    return words;
}

std::string_view command_word(std::string_view line) {
    const std::vector<std::string_view> words = split_words(line);
    return words.empty() ? std::string_view() : words[0];
}

std::string_view arguments(std::string_view line, std::string_view cmd) {
    const size_t at = line.find(cmd) + cmd.size();
    return line.substr(std::min(at, line.size()));
}

bool equals_ignore_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

std::optional<int64_t> parse_integer(std::string_view text) {
    int64_t value = 0;
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::optional<Position> parse_position(std::string_view args, std::string* error) {
    auto fail = [&](std::string message) -> std::optional<Position> {
        if (error) *error = std::move(message);
        return std::nullopt;
    };
    const std::vector<std::string_view> words = split_words(args);
    if (words.empty()) return fail("position needs 'startpos' or 'fen <FEN>'");

    size_t i = 1;
    std::optional<Position> pos;
    if (words[0] == "startpos") {
        pos = Position::start();
    } else if (words[0] == "fen") {
        std::string fen;
        for (; i < words.size() && words[i] != "moves"; ++i) {
            if (!fen.empty()) fen += ' ';
            fen += words[i];
        }
        if (fen.empty()) return fail("position fen: missing FEN");
        std::string why;
        pos = Position::from_fen(fen, &why);
        if (!pos) return fail("bad FEN '" + fen + "': " + why);
    } else {
        return fail("position: expected 'startpos' or 'fen', got '" + std::string(words[0]) + "'");
    }

    if (i < words.size()) {
        if (words[i] != "moves")
            return fail("position: unexpected '" + std::string(words[i]) + "'");
        for (++i; i < words.size(); ++i) {
            std::string why;
            const auto move = parse_game_move(*pos, words[i], &why);
            if (!move) return fail("move '" + std::string(words[i]) + "': " + why);
            pos->do_move(*move);
        }
    }
    return pos;
}

GoCommand parse_go(std::string_view args, const Position& pos) {
    GoCommand go;
    search::Limits& l = go.limits;
    const std::vector<std::string_view> words = split_words(args);
    for (size_t i = 0; i < words.size(); ++i) {
        const std::string_view key = words[i];
        if (key == "infinite") {
            l.infinite = true;
            continue;
        }
        if (key == "ponder") {
            l.ponder = true;
            continue;
        }
        if (key == "searchmoves") {
            go.searchmoves_given = true;
            for (; i + 1 < words.size(); ++i) {
                std::string why;
                const auto m = parse_move(pos, words[i + 1], &why);
                if (!m) break;  // the next keyword (or a bad move) ends the list
                l.searchmoves.push_back(*m);
            }
            continue;
        }
        static constexpr std::string_view NUMERIC[] = {"wtime",     "btime",    "winc",  "binc",
                                                       "movestogo", "movetime", "depth", "nodes",
                                                       "mate",      "perft"};
        if (std::find(std::begin(NUMERIC), std::end(NUMERIC), key) == std::end(NUMERIC)) {
            go.warnings.push_back("go: unknown parameter '" + std::string(key) + "' ignored");
            continue;
        }
        const std::optional<int64_t> v =
            i + 1 < words.size() ? parse_integer(words[i + 1]) : std::nullopt;
        if (!v) {
            go.warnings.push_back("go: '" + std::string(key) + "' needs an integer value; ignored");
            continue;
        }
        ++i;
        const int64_t n = *v;
        const int small = int(std::clamp<int64_t>(n, 0, 1 << 20));
        if (key == "wtime")
            l.time_ms[WHITE] = std::max<int64_t>(n, 1);
        else if (key == "btime")
            l.time_ms[BLACK] = std::max<int64_t>(n, 1);
        else if (key == "winc")
            l.inc_ms[WHITE] = std::max<int64_t>(n, 0);
        else if (key == "binc")
            l.inc_ms[BLACK] = std::max<int64_t>(n, 0);
        else if (key == "movestogo")
            l.movestogo = small;
        else if (key == "movetime")
            l.movetime_ms = std::max<int64_t>(n, 1);
        else if (key == "depth")
            l.depth = std::max(small, 1);
        else if (key == "nodes")
            l.nodes = uint64_t(std::max<int64_t>(n, 1));
        else if (key == "mate")
            l.mate = std::max(small, 1);
        else if (key == "perft") {
            if (n < 0 || n > 20)
                go.warnings.push_back("go perft: depth must be 0..20");
            else
                go.perft_depth = int(n);
        }
    }
    return go;
}

std::optional<SetOption> parse_setoption(std::string_view args, std::string* error) {
    const std::vector<std::string_view> words = split_words(args);
    if (words.empty() || words[0] != "name") {
        if (error) *error = "setoption: expected 'name <id> [value <x>]'";
        return std::nullopt;
    }
    SetOption opt;
    size_t i = 1;
    for (; i < words.size() && words[i] != "value"; ++i) {
        if (!opt.name.empty()) opt.name += ' ';
        opt.name += words[i];
    }
    for (++i; i < words.size(); ++i) {
        if (!opt.value.empty()) opt.value += ' ';
        opt.value += words[i];
    }
    if (opt.name.empty()) {
        if (error) *error = "setoption: missing option name";
        return std::nullopt;
    }
    return opt;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::uci
