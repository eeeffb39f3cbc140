// The periodic results block of a match, laid out like fastchess's so that
// tools written for fastchess logs read ours (`--rating-interval N`, every N
// finished games, and once at the end), one block per pairing, from its
// first player's side:
//
//   --------------------------------------------------
//   Results of a vs b (10+0.1, book.epd):
//   Elo: 12.34 +/- 5.67, nElo: 15.01 +/- 6.89
//   LOS: 99.12 %, DrawRatio: 40.00 %, PairsRatio: 1.25
//   Games: 200, Wins: 80, Losses: 70, Draws: 50, Points: 105.0 (52.50 %)
//   Ptnml(0-2): [5, 20, 40, 25, 10]
//   LLR: 1.23 (-2.94, 2.94) [0.00, 5.00]
//   --------------------------------------------------
//
// DrawRatio is the share of game pairs scoring one point and PairsRatio the
// pairs scoring more against those scoring less, as fastchess counts them; the
// LLR line appears when an SPRT runs.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "match/match_stats.h"

namespace pantheon::match {

// "Ptnml(0-2): [a, b, c, d, e]": the pairs scoring 0, 1/2, 1, 3/2 and 2 points.
std::string ptnml_text(const Pentanomial& pairs);

// The blocks of every pairing; `labels[i]` goes in the parentheses of
// pairing i (its time control and book).
std::string results_block(const MatchState& state, const MatchStats& stats,
                          const std::optional<SprtSettings>& sprt,
                          const std::vector<std::string>& labels);

}  // namespace pantheon::match
