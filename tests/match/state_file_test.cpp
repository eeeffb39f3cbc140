// Files of tournaments written by earlier builds still serve: state files and
// summaries of the earlier JSON writer (fixtures/earlier_writer.*, written by
// `pantheon match` before nlohmann::json, interrupted after 2 of 6 games) read
// back, and the fingerprint a state file records is computed the same way.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>

#include "match/match_config.h"
#include "match/match_state.h"
#include "tests/test_dir.h"
#include "util/json.h"

namespace pantheon::match {
namespace {

const std::string FIXTURES = PANTHEON_MATCH_FIXTURES;

std::string file_text(const std::string& path) {
    std::string text, error;
    EXPECT_TRUE(read_text_file(path, text, &error)) << error;
    return text;
}

TEST(MatchStateFile, TheEarlierWritersStateLoadsAndIsWrittenAlike) {
    const std::string path = FIXTURES + "/earlier_writer.pgn.state.json";
    std::string error;
    const auto s = MatchState::load(path, &error);
    ASSERT_TRUE(s) << error;
    EXPECT_EQ(s->fingerprint, "6c15be9f39e23626");
    EXPECT_EQ(s->players, (std::vector<std::string>{"alpha", "beta"}));
    EXPECT_EQ(s->rounds, 3);
    EXPECT_EQ(s->pgn_bytes, 3428);
    EXPECT_EQ(s->stop_reason, "interrupted");
    ASSERT_EQ(s->games.size(), 2u);
    EXPECT_EQ(s->games[0].end, EndKind::Adjudication);
    EXPECT_EQ(s->games[1].plies, 55);
    EXPECT_EQ(s->games[1].white, 1);
    // State files keep their layout and bytes.
    EXPECT_EQ(util::json_text(s->to_json(), 1) + "\n", file_text(path));
}

TEST(MatchStateFile, TheEarlierWritersSummaryReads) {
    std::string error;
    const auto j = util::parse_json(file_text(FIXTURES + "/earlier_writer.json"), &error);
    ASSERT_TRUE(j) << error;
    const util::Json& pairing = j->at("pairings")[0];
    EXPECT_EQ(util::json_int(pairing.at("wins")), 1);
    EXPECT_DOUBLE_EQ(util::json_number(pairing.at("estimate").at("elo_error95")), 34.02072958);
    EXPECT_EQ(util::json_number(j->at("ratings")[0].at("elo")), 0.0);  // written as "0"
    EXPECT_EQ(util::json_string(j->at("stop_reason")), "interrupted");
}

// Byte counts and rounds are 64-bit: above 2^53 a double (the earlier
// writer's only number) would round them.
TEST(MatchStateFile, SixtyFourBitCountsSurviveExactly) {
    const pantheon::test::TestDir test_dir;
    const std::filesystem::path& dir = test_dir.path();
    MatchState s;
    s.fingerprint = "0123456789abcdef";
    s.format = "h2h";
    s.players = {"a", "b"};
    s.pairings = {{0, 1}};
    s.rounds = (int64_t(1) << 53) + 3;
    s.pgn_bytes = INT64_MAX - 2;
    s.games.push_back({.pair = (int64_t(1) << 53) + 1, .slot = 1, .white = 1, .black = 0});
    const std::string path = (dir / "s.json").string();
    std::string error;
    ASSERT_TRUE(s.save(path, &error)) << error;
    const auto back = MatchState::load(path, &error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(back->rounds, (int64_t(1) << 53) + 3);
    EXPECT_EQ(back->pgn_bytes, INT64_MAX - 2);
    ASSERT_EQ(back->games.size(), 1u);
    EXPECT_EQ(back->games[0].pair, (int64_t(1) << 53) + 1);
}

TEST(MatchStateFile, DamagedStatesAreRefusedWithTheReason) {
    std::string error;
    const util::Json good =
        *util::parse_json(file_text(FIXTURES + "/earlier_writer.pgn.state.json"));
    ASSERT_TRUE(MatchState::from_json(good, &error)) << error;
    util::Json bad = good;
    bad["rounds"] = "three";
    EXPECT_FALSE(MatchState::from_json(bad, &error));
    EXPECT_NE(error.find("expected an integer"), std::string::npos) << error;
    bad = good;
    bad.erase("players");
    EXPECT_FALSE(MatchState::from_json(bad, &error));
    EXPECT_NE(error.find("missing key 'players'"), std::string::npos) << error;
    bad = good;
    bad["games"][0][1] = 2.5;
    EXPECT_FALSE(MatchState::from_json(bad, &error));
    EXPECT_FALSE(MatchState::from_json(util::Json::array(), &error));
    EXPECT_NE(error.find("not a match state file"), std::string::npos) << error;
}

MatchConfig pinned_config() {
    MatchConfig c;
    c.rounds = 2;
    for (const char* spec :
         {"name=a cmd=internal nodes=300", "name=b cmd=internal nodes=400 eval=hce"}) {
        PlayerConfig p;
        std::string error;
        EXPECT_TRUE(apply_player_spec(spec, p, &error)) << error;
        c.players.push_back(p);
    }
    c.openings.random_plies = 4;
    c.openings.seed = 9;
    return c;
}

// The value state files of this tournament carry (computed by the build that
// wrote the first ones): a change here would make every --resume and merge of
// an existing tournament refuse its own files.
TEST(MatchStateFile, FingerprintIsTheOneEarlierStateFilesCarry) {
    EXPECT_EQ(pinned_config().fingerprint(), "87907e4ae2cde8b8");
}

}  // namespace
}  // namespace pantheon::match
