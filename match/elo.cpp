#include "match/elo.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace pantheon::match {

namespace {

constexpr double SCORE_CLAMP = 1e-3;
const double NELO_PER_T = 800.0 / std::log(10.0);

// Sample moments of a discrete distribution of per-game scores.
struct Moments {
    double n = 0, mean = 0, var = 0, skew = 0, kurt_excess = 0;
};

Moments moments(const std::vector<double>& counts) {
    const size_t k = counts.size();
    std::vector<double> c(counts);
    for (double& x : c)
        if (x == 0) x = REGULARIZATION;
    Moments m;
    m.n = std::accumulate(c.begin(), c.end(), 0.0);
    for (size_t i = 0; i < k; ++i) m.mean += c[i] / m.n * double(i) / double(k - 1);
    double m3 = 0, m4 = 0;
    for (size_t i = 0; i < k; ++i) {
        const double d = double(i) / double(k - 1) - m.mean;
        m.var += c[i] / m.n * d * d;
        m3 += c[i] / m.n * d * d * d;
        m4 += c[i] / m.n * d * d * d * d;
    }
    m.skew = m3 / std::pow(m.var, 1.5);
    m.kurt_excess = m4 / (m.var * m.var) - 3;
    return m;
}

// games_per_sample: 1 for games, 2 for pairs.
EloEstimate from_moments(const Moments& m, double games_per_sample) {
    EloEstimate e;
    e.samples = m.n;
    e.score = m.mean;
    const double se = std::sqrt(m.var / m.n);
    e.elo = logistic_elo(m.mean);
    e.elo_error = (logistic_elo(m.mean + Z_975 * se) - logistic_elo(m.mean - Z_975 * se)) / 2;
    e.los = normal_cdf((m.mean - 0.5) / se);
    const double t = (m.mean - 0.5) / std::sqrt(m.var);
    const double var_t = std::max(1 - t * m.skew + 0.25 * t * t * (m.kurt_excess + 2), 0.0);
    const double scale = NELO_PER_T / std::sqrt(games_per_sample);
    e.nelo = scale * t;
    e.nelo_error = scale * Z_975 * std::sqrt(var_t / m.n);
    return e;
}

}  // namespace

void Trinomial::add(double points) {
    if (points >= 1)
        ++wins;
    else if (points <= 0)
        ++losses;
    else
        ++draws;
}

int64_t Pentanomial::pairs() const {
    return std::accumulate(counts.begin(), counts.end(), int64_t(0));
}

double normal_cdf(double x) {
    return 0.5 * std::erfc(-x / std::sqrt(2.0));
}

double logistic_elo(double score) {
    const double s = std::clamp(score, SCORE_CLAMP, 1 - SCORE_CLAMP);
    // 400 * log10(1/s - 1), negated: an even score is +0, never "-0.0" in print.
    return 0.0 - 400.0 * std::log10(1 / s - 1);
}

EloEstimate estimate(const Trinomial& t) {
    return from_moments(moments({double(t.losses), double(t.draws), double(t.wins)}), 1);
}

EloEstimate estimate(const Pentanomial& p) {
    std::vector<double> c(p.counts.begin(), p.counts.end());
    return from_moments(moments(c), 2);
}

}  // namespace pantheon::match
