// Small self-play runs and rescorings for tests: tiny node limits, few
// games, small chunks.
#pragma once

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "data/game_file.h"
#include "selfplay/rescore.h"
#include "selfplay/selfplay.h"

namespace pantheon::selfplay::testing {

inline SelfplayOptions tiny_run(const std::string& out_dir) {
    SelfplayOptions o;
    o.out_dir = out_dir;
    o.games = 6;
    o.chunk_games = 2;
    o.search.nodes = 300;
    o.search.hash_mb = 1;
    o.seed = 1;
    o.random_plies_min = 4;
    o.random_plies_max = 8;
    o.resign_score = 1500;
    o.resign_plies = 4;
    o.max_plies = 100;
    o.threads = 1;
    o.progress = false;
    return o;
}

inline RunReport run_ok(const SelfplayOptions& o) {
    RunReport report;
    std::string error;
    EXPECT_TRUE(run_selfplay(o, nullptr, false, report, &error)) << error;
    return report;
}

// A rescoring of `input` into `out` with the search of tiny_run.
inline RescoreOptions tiny_rescore(const std::string& input, const std::string& out,
                                   uint64_t nodes) {
    RescoreOptions o;
    o.inputs = {input};
    o.out_dir = out;
    o.search.nodes = nodes;
    o.search.hash_mb = 1;
    o.threads = 1;
    o.progress = false;
    return o;
}

inline RescoreReport rescore_ok(const RescoreOptions& o) {
    RescoreReport report;
    std::string error;
    EXPECT_TRUE(run_rescore(o, nullptr, false, report, &error)) << error;
    return report;
}

// Name -> bytes of every data file in a directory.
inline std::map<std::string, std::string> data_files(const std::string& dir) {
    std::map<std::string, std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != data::DATA_FILE_EXTENSION) continue;
        std::ifstream in(entry.path(), std::ios::binary);
        std::ostringstream bytes;
        bytes << in.rdbuf();
        files[entry.path().filename().string()] = bytes.str();
    }
    return files;
}

// Every game in a directory's data files, in file name order.
inline std::vector<data::GameRecord> all_games(const std::string& dir) {
    std::vector<data::GameRecord> games;
    for (const auto& [name, bytes] : data_files(dir)) {
        std::string error;
        EXPECT_TRUE(data::read_game_file(dir + "/" + name, games, &error)) << error;
    }
    return games;
}

}  // namespace pantheon::selfplay::testing
