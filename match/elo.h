// Match statistics for one pairing: game counts (trinomial: losses, draws,
// wins) and game-pair counts (pentanomial: a pair's two games scored together),
// and from them the Elo difference, normalized Elo and likelihood of
// superiority with 95% intervals.
//
// Conventions (the same as the Stockfish testing framework, fishtest, so the
// numbers can be compared):
// - The score of a sample is its average points per game: a pair scores
//   0, 1/4, 1/2, 3/4 or 1; a game 0, 1/2 or 1.
// - Empty cells count as 0.001 (a tiny prior), so a perfect score still has
//   a finite Elo and a non-zero variance.
// - Elo = -400 log10(1/s - 1) with s clamped to [0.001, 0.999]; its interval
//   maps s +- 1.96 standard errors through the same curve and reports half the
//   width. LOS = Phi((s - 1/2) / standard error).
// - Normalized Elo divides the score's distance from 1/2 by the standard
//   deviation of a single game's score instead of using the logistic curve:
//   nElo = 800/ln(10) * (s - 1/2) / sigma_game, where for pairs
//   sigma_game = sqrt(2) * sigma_pair. Its interval uses the large-sample
//   variance of such a standardized mean, (1 - t*skew + t^2*(kurt_excess+2)/4)/N
//   (the same form as the known result for a sample Sharpe ratio).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace pantheon::match {

constexpr double Z_975 = 1.959963984540054;  // two-sided 95% normal quantile
constexpr double REGULARIZATION = 1e-3;      // stands in for an empty cell

struct Trinomial {
    int64_t losses = 0, draws = 0, wins = 0;
    int64_t games() const { return losses + draws + wins; }
    void add(double points);  // 0, 0.5 or 1 for the side the stats are about
};

// counts[k]: pairs that scored k half points in total (0: two losses, 4: two wins).
struct Pentanomial {
    std::array<int64_t, 5> counts{};
    int64_t pairs() const;
    void add_pair(int half_points) { ++counts[size_t(half_points)]; }
};

struct EloEstimate {
    double samples = 0;             // games or pairs (after regularization)
    double score = 0.5;             // average points per game
    double elo = 0, elo_error = 0;  // error: half-width of the 95% interval
    double nelo = 0, nelo_error = 0;
    double los = 0.5;
};

EloEstimate estimate(const Trinomial& t);
EloEstimate estimate(const Pentanomial& p);

double normal_cdf(double x);
double logistic_elo(double score);  // -400 log10(1/s - 1), clamped as above

}  // namespace pantheon::match
