// The fastchess-style results block: its lines, from finished games whose
// counts are worked out by hand below.
#include "match/results_block.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace pantheon::match;

namespace {

// A head-to-head state: pair p's slot-0 game has `a` White (first player),
// slot 1 has `b` White.
MatchState head_to_head(const std::vector<std::pair<Outcome, Outcome>>& pairs) {
    MatchState s;
    s.players = {"new", "old"};
    s.pairings = {{0, 1}};
    s.rounds = int64_t(pairs.size());
    for (size_t p = 0; p < pairs.size(); ++p) {
        s.games.push_back({int64_t(p), 0, 0, 1, pairs[p].first, EndKind::Normal, 40});
        s.games.push_back({int64_t(p), 1, 1, 0, pairs[p].second, EndKind::Normal, 40});
    }
    return s;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

TEST(ResultsBlock, CountsAndRatiosAsFastchessLaysThemOut) {
    // From the first player's side: pair 0 won twice (2 points), pair 1 won
    // and lost (1), pair 2 drew twice (1), pair 3 lost and drew (1/2).
    const auto W = Outcome::WhiteWins, B = Outcome::BlackWins, D = Outcome::Draw;
    const MatchState s = head_to_head({{W, B}, {W, W}, {D, D}, {B, D}});
    const SprtSettings sprt{0, 5, 0.05, 0.05};
    const MatchStats st = compute_stats(s, sprt);
    const auto lines = lines_of(results_block(s, st, sprt, {"10+0.1, book.pgn"}));
    ASSERT_EQ(lines.size(), 8u);
    EXPECT_EQ(lines[0], std::string(50, '-'));
    EXPECT_EQ(lines[1], "Results of new vs old (10+0.1, book.pgn):");
    EXPECT_EQ(lines[2].rfind("Elo: ", 0), 0u) << lines[2];
    EXPECT_NE(lines[2].find(", nElo: "), std::string::npos) << lines[2];
    // 2 of 4 pairs scored 1 point; 1 pair above (2 points) over 1 below (1/2).
    EXPECT_NE(lines[3].find(", DrawRatio: 50.00 %, PairsRatio: 1.00"), std::string::npos)
        << lines[3];
    // Wins: 3 (pairs 0, 0, 1), losses 2 (pairs 1, 3), draws 3; 4.5 of 8.
    EXPECT_EQ(lines[4], "Games: 8, Wins: 3, Losses: 2, Draws: 3, Points: 4.5 (56.25 %)");
    EXPECT_EQ(lines[5], "Ptnml(0-2): [0, 1, 2, 0, 1]");
    EXPECT_EQ(lines[6].rfind("LLR: ", 0), 0u) << lines[6];
    EXPECT_NE(lines[6].find(" (-2.94, 2.94) [0.00, 5.00]"), std::string::npos) << lines[6];
    EXPECT_EQ(lines[7], std::string(50, '-'));
    // Without an SPRT there is no LLR line.
    EXPECT_EQ(
        lines_of(results_block(s, compute_stats(s, std::nullopt), std::nullopt, {"x"})).size(), 7u);
}

TEST(ResultsBlock, OnePerPairingAndInfinitePairsRatio) {
    MatchState s;
    s.players = {"a", "b", "c"};
    s.pairings = {{0, 1}, {0, 2}};
    s.rounds = 1;
    s.games = {{0, 0, 0, 1, Outcome::WhiteWins, EndKind::Normal, 9},
               {0, 1, 1, 0, Outcome::BlackWins, EndKind::Normal, 9},
               {1, 0, 0, 2, Outcome::Draw, EndKind::Normal, 9}};
    const auto text = results_block(s, compute_stats(s, std::nullopt), std::nullopt,
                                    {"depth=2", "depth=2 vs depth=3"});
    EXPECT_NE(text.find("Results of a vs b (depth=2):\n"), std::string::npos) << text;
    EXPECT_NE(text.find("Results of a vs c (depth=2 vs depth=3):\n"), std::string::npos) << text;
    EXPECT_NE(text.find("PairsRatio: inf\n"), std::string::npos) << text;     // a vs b: [0,0,0,0,1]
    EXPECT_NE(text.find("Ptnml(0-2): [0, 0, 0, 0, 0]\n"), std::string::npos)  // a vs c: unpaired
        << text;
}

}  // namespace

// An even match prints "Elo: 0.00", never "-0.00" (fastchess's parsers and
// readers alike take the sign as meaning something).
TEST(ResultsBlock, EvenMatchHasNoNegativeZero) {
    const auto W = Outcome::WhiteWins;
    const MatchState s = head_to_head({{W, W}, {W, W}});
    const auto lines = lines_of(results_block(s, compute_stats(s, std::nullopt), std::nullopt, {"x"}));
    ASSERT_GE(lines.size(), 3u);
    EXPECT_EQ(lines[2].rfind("Elo: 0.00 +/- ", 0), 0u) << lines[2];
    EXPECT_NE(lines[2].find("nElo: 0.00 +/- "), std::string::npos) << lines[2];
}
