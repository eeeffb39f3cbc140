#include "match/rating_table.h"

#include <cmath>

#include "match/elo.h"

namespace pantheon::match {

namespace {

constexpr int MM_MAX_ITERATIONS = 100000;
constexpr double MM_TOLERANCE = 1e-12;
const double ELO_PER_NAT = 400.0 / std::log(10.0);

// Whether every player can reach every other along "scored against" edges.
bool strongly_connected(const ResultMatrix& m) {
    const int n = m.players();
    std::vector<int> reach(size_t(n * n), 0);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) reach[size_t(i * n + j)] = i == j || m.points(i, j) > 0;
    for (int k = 0; k < n; ++k)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                if (reach[size_t(i * n + k)] && reach[size_t(k * n + j)])
                    reach[size_t(i * n + j)] = 1;
    for (int r : reach)
        if (!r) return false;
    return true;
}

// Inverts a small symmetric positive definite matrix (Gauss-Jordan).
std::vector<double> invert(std::vector<double> a, int n) {
    std::vector<double> inv(size_t(n * n), 0.0);
    for (int i = 0; i < n; ++i) inv[size_t(i * n + i)] = 1;
    for (int c = 0; c < n; ++c) {
        int pivot = c;
        for (int r = c + 1; r < n; ++r)
            if (std::fabs(a[size_t(r * n + c)]) > std::fabs(a[size_t(pivot * n + c)])) pivot = r;
        for (int k = 0; k < n; ++k) {
            std::swap(a[size_t(c * n + k)], a[size_t(pivot * n + k)]);
            std::swap(inv[size_t(c * n + k)], inv[size_t(pivot * n + k)]);
        }
        const double d = a[size_t(c * n + c)];
        if (std::fabs(d) < 1e-300) continue;  // singular: leave the row (errors become 0/inf)
        for (int k = 0; k < n; ++k) a[size_t(c * n + k)] /= d, inv[size_t(c * n + k)] /= d;
        for (int r = 0; r < n; ++r) {
            if (r == c) continue;
            const double f = a[size_t(r * n + c)];
            if (f == 0) continue;
            for (int k = 0; k < n; ++k) {
                a[size_t(r * n + k)] -= f * a[size_t(c * n + k)];
                inv[size_t(r * n + k)] -= f * inv[size_t(c * n + k)];
            }
        }
    }
    return inv;
}

}  // namespace

ResultMatrix::ResultMatrix(int players)
    : n_(players),
      points_(size_t(players * players), 0.0),
      games_(size_t(players * players), 0.0),
      wins_(size_t(players), 0),
      draws_(size_t(players), 0),
      losses_(size_t(players), 0) {}

void ResultMatrix::add(int a, int b, double points_a) {
    points_[idx(a, b)] += points_a;
    points_[idx(b, a)] += 1 - points_a;
    games_[idx(a, b)] += 1;
    games_[idx(b, a)] += 1;
    if (points_a >= 1)
        ++wins_[size_t(a)], ++losses_[size_t(b)];
    else if (points_a <= 0)
        ++losses_[size_t(a)], ++wins_[size_t(b)];
    else
        ++draws_[size_t(a)], ++draws_[size_t(b)];
}

RatingTable compute_ratings(const ResultMatrix& input) {
    const int n = input.players();
    RatingTable table;
    ResultMatrix m = input;
    if (!strongly_connected(m)) {
        table.regularized = true;
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j)
                if (input.games(i, j) > 0) {
                    m.points_[m.idx(i, j)] += 0.5, m.points_[m.idx(j, i)] += 0.5;
                    m.games_[m.idx(i, j)] += 1, m.games_[m.idx(j, i)] += 1;
                }
    }
    std::vector<double> gamma(size_t(n), 1.0);
    for (int iter = 0; iter < MM_MAX_ITERATIONS; ++iter) {
        double change = 0;
        for (int i = 0; i < n; ++i) {
            double w = 0, denom = 0;
            for (int j = 0; j < n; ++j) {
                if (j == i || m.games(i, j) == 0) continue;
                w += m.points(i, j);
                denom += m.games(i, j) / (gamma[size_t(i)] + gamma[size_t(j)]);
            }
            if (denom == 0 || w == 0) continue;  // no games (or no points: unrated)
            const double next = w / denom;
            change = std::max(change, std::fabs(std::log(next / gamma[size_t(i)])));
            gamma[size_t(i)] = next;
        }
        // Only ratios matter: keep the geometric mean at 1.
        double log_mean = 0;
        for (double g : gamma) log_mean += std::log(g) / n;
        for (double& g : gamma) g /= std::exp(log_mean);
        if (change < MM_TOLERANCE) break;
    }

    // Fisher information of the natural-log strengths; covariance under the
    // sum-zero constraint is (I + 11'/n)^-1 - 11'/n (I has the null vector 1).
    std::vector<double> info(size_t(n * n), 0.0);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            if (i == j || m.games(i, j) == 0) continue;
            const double p = gamma[size_t(i)] / (gamma[size_t(i)] + gamma[size_t(j)]);
            const double v = m.games(i, j) * p * (1 - p);
            info[size_t(i * n + j)] -= v;
            info[size_t(i * n + i)] += v;
        }
    for (double& x : info) x += 1.0 / n;
    const std::vector<double> cov = invert(info, n);

    for (int i = 0; i < n; ++i) {
        RatingRow row;
        row.player = i;
        row.elo = ELO_PER_NAT * std::log(gamma[size_t(i)]);
        const double var = cov[size_t(i * n + i)] - 1.0 / n;
        row.error = Z_975 * ELO_PER_NAT * std::sqrt(std::max(var, 0.0));
        for (int j = 0; j < n; ++j) {
            row.points += input.points(i, j);
            row.games += int64_t(input.games(i, j));
        }
        row.wins = input.wins_[size_t(i)];
        row.draws = input.draws_[size_t(i)];
        row.losses = input.losses_[size_t(i)];
        table.rows.push_back(row);
    }
    return table;
}

}  // namespace pantheon::match
