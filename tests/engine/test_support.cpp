#include "test_support.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "engine/core/notation.h"
#include "engine/core/perft.h"

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

std::vector<int> perft_suite_lines(const std::filesystem::path& suite) {
    if (!shared_dir_available()) return {-1};
    std::vector<int> lines(load_perft_suite(suite).size());
    for (size_t i = 0; i < lines.size(); ++i) lines[i] = int(i);
    return lines;
}

std::string perft_suite_line_name(const ::testing::TestParamInfo<int>& info) {
    return info.param < 0 ? std::string("missing_data") : "line_" + std::to_string(info.param + 1);
}

int check_divide_splits(const std::filesystem::path& divide_file,
                        const std::function<bool(int depth, uint64_t total)>& keep) {
    struct Split {
        int depth = 0;
        uint64_t total = 0;
        std::map<std::string, uint64_t> counts;
    };
    std::map<std::string, Split> splits;
    for (const DivideEntry& e : load_divide_file(divide_file)) {
        splits[e.fen].depth = e.depth;
        splits[e.fen].total += e.nodes;
        splits[e.fen].counts[e.move] = e.nodes;
    }
    EXPECT_GT(splits.size(), 40u);
    int checked = 0;
    for (const auto& [fen, split] : splits) {
        if (!keep(split.depth, split.total)) continue;
        Position pos = position(fen);
        std::map<std::string, uint64_t> ours;
        for (const auto& [move, count] : perft_divide(pos, split.depth))
            ours[move_to_string(move)] = count;
        EXPECT_EQ(ours, split.counts) << fen << " depth " << split.depth;
        ++checked;
    }
    return checked;
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
