// Helpers shared by the tournament tests of both variants: a fresh directory
// per test, the games of a PGN file and the fixture both tournament tests
// build on.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "match/pgn.h"
#include "match/tournament.h"

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

// A tournament test: its own directory, the outputs a run writes to, and a
// quiet, signal-free configuration whose PGN and summary land in the directory.
class TournamentFixture : public ::testing::Test {
  protected:
    explicit TournamentFixture(std::string dir_prefix) : dir_prefix_(std::move(dir_prefix)) {}
    void SetUp() override { dir_ = fresh_test_dir(dir_prefix_); }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    MatchConfig quiet_config(const std::string& stem) const {
        MatchConfig c;
        c.pgn_path = (dir_ / (stem + ".pgn")).string();
        c.summary_path = (dir_ / (stem + ".json")).string();
        c.progress = false;
        c.handle_signals = false;
        return c;
    }

    static std::vector<PgnGame> read_games(const std::string& path) { return read_pgn_file(path); }

    std::string dir_prefix_;
    std::filesystem::path dir_;
    std::ostringstream out_, err_;
};

}  // namespace pantheon::match::test_support
