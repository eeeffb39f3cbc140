#include "test_support.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "engine/core/notation.h"

namespace pantheon::test {

std::vector<std::string> read_data_lines(const std::filesystem::path& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path.string());
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        lines.push_back(line);
    }
    return lines;
}

std::vector<PerftEntry> load_perft_suite(const std::filesystem::path& path) {
    std::vector<PerftEntry> entries;
    for (const std::string& line : read_data_lines(path)) {
        const size_t tab = line.find('\t');
        if (tab == std::string::npos) throw std::runtime_error("no counts in line: " + line);
        PerftEntry e;
        e.fen = line.substr(0, tab);
        std::istringstream counts(line.substr(tab + 1));
        for (uint64_t n; counts >> n;) e.counts.push_back(n);
        if (e.counts.empty()) throw std::runtime_error("no counts in line: " + line);
        entries.push_back(std::move(e));
    }
    return entries;
}

std::vector<DivideEntry> load_divide_file(const std::filesystem::path& path) {
    std::vector<DivideEntry> entries;
    for (const std::string& line : read_data_lines(path)) {
        std::vector<std::string> fields;
        std::istringstream in(line);
        for (std::string f; std::getline(in, f, '\t');) fields.push_back(f);
        if (fields.size() != 4) throw std::runtime_error("bad divide line: " + line);
        entries.push_back({fields[0], std::stoi(fields[1]), fields[2], std::stoull(fields[3])});
    }
    return entries;
}

std::vector<std::string> all_reference_fens() {
    const std::filesystem::path dir = shared_dir();
    std::vector<std::string> fens;
    std::set<std::string> seen;
    auto add = [&](const std::string& fen) {
        if (seen.insert(fen).second) fens.push_back(fen);
    };
    for (const PerftEntry& e : load_perft_suite(dir / "reference" / "mansindam-perft.tsv"))
        add(e.fen);
    for (const DivideEntry& e : load_divide_file(dir / "reference" / "mansindam-divide.tsv"))
        add(e.fen);
    for (const std::string& line : read_data_lines(dir / "openings" / "mansindam-book.epd"))
        add(line);
    return fens;
}

Position position(std::string_view fen) {
    std::string error;
    auto pos = Position::from_fen(fen, &error);
    if (!pos) throw std::runtime_error("test position refused: " + error);
    return *pos;
}

Move legal_move(const Position& pos, std::string_view text) {
    std::string error;
    const auto m = parse_move(pos, text, &error);
    if (!m) throw std::runtime_error("test move refused: " + error);
    return *m;
}

std::vector<std::string> legal_move_texts(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> texts;
    for (Move m : list) texts.push_back(move_to_string(m));
    std::sort(texts.begin(), texts.end());
    return texts;
}

bool has_move(const Position& pos, std::string_view text) {
    const auto texts = legal_move_texts(pos);
    return std::find(texts.begin(), texts.end(), text) != texts.end();
}

int env_int(const char* name, int fallback) {
    const char* value = std::getenv(name);
    if (!value || !*value) return fallback;
    char* end = nullptr;
    const long n = std::strtol(value, &end, 10);
    return (*end == '\0' && n >= 0 && n < 1000000) ? int(n) : fallback;
}

Move random_legal_move(const Position& pos, std::mt19937_64& rng) {
    MoveList list;
    generate_legal(pos, list);
    if (list.empty()) return Move::none();
    // Modulo rather than a distribution: identical sequences on every platform.
    return list[int(rng() % uint64_t(list.size()))];
}

}  // namespace pantheon::test
