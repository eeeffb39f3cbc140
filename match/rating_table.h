// Ratings of many players from all their games (maximum likelihood under the
// logistic Elo model, P(i beats j) = 1 / (1 + 10^((R_j - R_i) / 400)), a draw
// counting as half a win for each), with 95% error bars, ratings centred on 0.
//
// The maximum is found with the minorize-maximize iteration for
// Bradley-Terry models (Hunter 2004): gamma_i <- W_i / sum_j n_ij / (gamma_i
// + gamma_j), where W_i are i's points and n_ij the games between i and j.
// It exists only if the "scored at least once against" graph is strongly
// connected (no group of players lost every game to the rest); otherwise a
// prior of one virtual draw per pair of players who met is added, and the
// table says so. Error bars come from the inverse Fisher information,
// restricted to ratings that sum to zero (its pseudo-inverse).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pantheon::match {

struct RatingRow {
    int player = 0;
    double elo = 0, error = 0;  // error: half-width of the 95% interval
    double points = 0;
    int64_t games = 0, wins = 0, draws = 0, losses = 0;
};

struct RatingTable {
    std::vector<RatingRow> rows;  // by player index
    bool regularized = false;     // the virtual-draw prior was needed
};

class ResultMatrix {
  public:
    explicit ResultMatrix(int players);
    int players() const { return n_; }
    // One game: points of a against b (1, 0.5 or 0).
    void add(int a, int b, double points_a);
    double points(int a, int b) const { return points_[idx(a, b)]; }
    double games(int a, int b) const { return games_[idx(a, b)]; }

  private:
    size_t idx(int a, int b) const { return size_t(a) * size_t(n_) + size_t(b); }
    int n_;
    std::vector<double> points_, games_;
    friend RatingTable compute_ratings(const ResultMatrix& m);
    std::vector<int64_t> wins_, draws_, losses_;
};

RatingTable compute_ratings(const ResultMatrix& m);

}  // namespace pantheon::match
