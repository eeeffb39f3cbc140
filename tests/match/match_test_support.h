// Helpers shared by the tournament tests of both variants: a fresh directory
// per test and the games of a PGN file.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "match/pgn.h"

namespace pantheon::match::test_support {

// <tmp>/<prefix>_<pid>_<test name>, emptied; the caller removes it afterwards.
inline std::filesystem::path fresh_test_dir(const std::string& prefix) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() /
                         (prefix + "_" + std::to_string(getpid()) + "_" +
                          ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// Every game of a PGN file (a failed expectation if it does not read back).
inline std::vector<PgnGame> read_pgn_file(const std::string& path) {
    std::ifstream in(path);
    std::string error;
    auto games = read_pgn(in, &error);
    EXPECT_TRUE(games) << error;
    return games ? *games : std::vector<PgnGame>{};
}

}  // namespace pantheon::match::test_support
