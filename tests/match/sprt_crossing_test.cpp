// An SPRT is decided where it first crosses a bound: games that were still
// running then finish and are recorded, and the decision stands even when
// they bring the LLR back inside (match_state.h, SprtCrossing). The crossing
// survives the state file, and a test under other bounds ignores it.
#include <gtest/gtest.h>

#include <filesystem>

#include "match/match_state.h"
#include "match/match_stats.h"
#include "tests/test_dir.h"
#include "util/json.h"

namespace pantheon::match {
namespace {

const SprtSettings BOUNDS{0, 10, 0.05, 0.05};

// A head-to-head of `pairs` game pairs, each won twice by the first player.
MatchState won_pairs(int64_t pairs) {
    MatchState s;
    s.fingerprint = "0123456789abcdef";
    s.format = "h2h";
    s.players = {"a", "b"};
    s.pairings = {{0, 1}};
    s.rounds = 1000;
    for (int64_t p = 0; p < pairs; ++p) {
        s.games.push_back({.pair = p, .slot = 0, .white = 0, .black = 1,
                           .outcome = Outcome::WhiteWins});
        s.games.push_back({.pair = p, .slot = 1, .white = 1, .black = 0,
                           .outcome = Outcome::BlackWins});
    }
    return s;
}

// Adds a pair lost twice by the first player.
void lose_a_pair(MatchState& s) {
    const int64_t p = s.games.back().pair + 1;
    s.games.push_back({.pair = p, .slot = 0, .white = 0, .black = 1,
                       .outcome = Outcome::BlackWins});
    s.games.push_back({.pair = p, .slot = 1, .white = 1, .black = 0,
                       .outcome = Outcome::WhiteWins});
}

// The fewest won pairs that cross the upper bound.
int64_t pairs_to_cross() {
    for (int64_t n = 1;; ++n)
        if (compute_stats(won_pairs(n), BOUNDS).sprt->decision == SprtDecision::AcceptH1) return n;
}

TEST(SprtCrossing, ADecisionStandsWhenLaterGamesBringTheLlrBack) {
    const int64_t n = pairs_to_cross();
    MatchState s = won_pairs(n);
    const MatchStats crossed = compute_stats(s, BOUNDS);
    lose_a_pair(s);
    // Without the crossing the test would go on ...
    ASSERT_EQ(compute_stats(s, BOUNDS).sprt->decision, SprtDecision::Continue);
    // ... with it, it is decided where it crossed.
    s.sprt_crossing = SprtCrossing{BOUNDS, SprtDecision::AcceptH1, 2 * n, crossed.sprt->llr};
    const MatchStats st = compute_stats(s, BOUNDS);
    EXPECT_EQ(st.sprt->decision, SprtDecision::AcceptH1);
    EXPECT_LT(st.sprt->llr, st.sprt->upper);  // the LLR shown is today's
    const std::string text = stats_text(s, st);
    EXPECT_NE(text.find("H1 accepted (LLR"), std::string::npos) << text;
    EXPECT_NE(text.find("after " + std::to_string(2 * n) + " games"), std::string::npos) << text;
    const util::Json j = stats_json(s, st, BOUNDS);
    EXPECT_EQ(util::json_string(j.at("sprt").at("decision")), "H1 accepted");
    EXPECT_EQ(util::json_int(j.at("sprt").at("decided_after_games")), 2 * n);
    // Other bounds test the games afresh.
    const SprtSettings other{0, 5, 0.05, 0.05};
    EXPECT_FALSE(compute_stats(s, other).sprt_crossing);
}

TEST(SprtCrossing, SurvivesTheStateFileAndABadOneIsRefused) {
    MatchState s = won_pairs(3);
    s.sprt_crossing = SprtCrossing{BOUNDS, SprtDecision::AcceptH0, 6, -2.97};
    const pantheon::test::TestDir test_dir;
    const std::filesystem::path& dir = test_dir.path();
    const std::string path = (dir / "s.json").string();
    std::string error;
    ASSERT_TRUE(s.save(path, &error)) << error;
    const auto back = MatchState::load(path, &error);
    ASSERT_TRUE(back) << error;
    ASSERT_TRUE(back->sprt_crossing);
    EXPECT_EQ(back->sprt_crossing->decision, SprtDecision::AcceptH0);
    EXPECT_EQ(back->sprt_crossing->games, 6);
    EXPECT_DOUBLE_EQ(back->sprt_crossing->llr, -2.97);
    EXPECT_TRUE(back->sprt_crossing->settings == BOUNDS);

    util::Json bad = s.to_json();
    bad["sprt_crossing"]["decision"] = "continue";
    EXPECT_FALSE(MatchState::from_json(bad, &error));
    EXPECT_NE(error.find("sprt_crossing"), std::string::npos) << error;
}

}  // namespace
}  // namespace pantheon::match
