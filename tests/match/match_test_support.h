// Helpers shared by the tournament tests of both variants: the games of a PGN
// file and the fixture both tournament tests build on, with a fresh directory
// per test.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "match/pgn.h"
#include "match/tournament.h"
#include "tests/test_dir.h"

namespace pantheon::match::test_support {

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
    MatchConfig quiet_config(const std::string& stem) const {
        MatchConfig c;
        c.pgn_path = (dir_ / (stem + ".pgn")).string();
        c.summary_path = (dir_ / (stem + ".json")).string();
        c.progress = false;
        c.handle_signals = false;
        return c;
    }

    static std::vector<PgnGame> read_games(const std::string& path) { return read_pgn_file(path); }

    pantheon::test::TestDir test_dir_;
    const std::filesystem::path& dir_ = test_dir_.path();
    std::ostringstream out_, err_;
};

}  // namespace pantheon::match::test_support
