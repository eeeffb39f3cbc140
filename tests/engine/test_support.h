// Helpers shared by the rules-core tests: reading the shared reference files,
// building positions from FEN, and deterministic random playouts.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/movegen.h"
#include "engine/core/position.h"
#include "tests/shared_data.h"

namespace pantheon::test {

// Non-empty lines that are not '#' comments.
std::vector<std::string> read_data_lines(const std::filesystem::path& path);

// One line of a perft suite file: FEN<TAB>perft(1) perft(2) ...
struct PerftEntry {
    std::string fen;
    std::vector<uint64_t> counts;  // counts[d - 1] = perft(d)
};
std::vector<PerftEntry> load_perft_suite(const std::filesystem::path& path);

// One line of a divide file: FEN<TAB>depth<TAB>move<TAB>perft(depth - 1) after it.
struct DivideEntry {
    std::string fen;
    int depth = 0;
    std::string move;
    uint64_t nodes = 0;
};
std::vector<DivideEntry> load_divide_file(const std::filesystem::path& path);

// Test parameters for the lines of a perft suite: 0 .. size - 1, or a single
// placeholder (-1) when the shared data is missing; and the test names for them.
std::vector<int> perft_suite_lines(const std::filesystem::path& suite);
std::string perft_suite_line_name(const ::testing::TestParamInfo<int>& info);

// Checks the per-move splits of a divide file whose (depth, total nodes)
// `keep` selects against perft_divide: a failed expectation per position that
// differs. Returns how many positions were checked.
int check_divide_splits(const std::filesystem::path& divide_file,
                        const std::function<bool(int depth, uint64_t total)>& keep);

// Every FEN of the shared reference files and the openings book (deduplicated).
std::vector<std::string> all_reference_fens();

// Parses a FEN the test relies on; throws (failing the test) if it is refused.
Position position(std::string_view fen);

// The legal move the text names; throws (failing the test) if there is none.
Move legal_move(const Position& pos, std::string_view text);

// Legal moves (generate_legal) as sorted move text.
std::vector<std::string> legal_move_texts(const Position& pos);
bool has_move(const Position& pos, std::string_view text);

// Integer from the environment, or fallback when unset or malformed.
int env_int(const char* name, int fallback);

// Picks a uniformly random legal move; none when there is no legal move.
Move random_legal_move(const Position& pos, std::mt19937_64& rng);

}  // namespace pantheon::test
