#include "match/sprt.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace pantheon::match {

namespace {

constexpr int CELLS = 5;
using Dist = std::array<double, CELLS>;
constexpr int FIXED_POINT_ITERATIONS = 50;
constexpr int BISECTION_STEPS = 200;

double value_of(int i) {
    return double(i) / (CELLS - 1);
}

void mean_sd(const Dist& p, double& mu, double& sigma) {
    mu = 0;
    for (int i = 0; i < CELLS; ++i) mu += p[i] * value_of(i);
    double var = 0;
    for (int i = 0; i < CELLS; ++i) var += p[i] * (value_of(i) - mu) * (value_of(i) - mu);
    sigma = std::sqrt(var);
}

// The x in (-1/max b, -1/min b) with sum q_i b_i / (1 + x b_i) = 0; the sum
// falls strictly as x grows, so bisection finds it.
double solve_secular(const Dist& q, const Dist& b) {
    const double bmax = *std::max_element(b.begin(), b.end());
    const double bmin = *std::min_element(b.begin(), b.end());
    double lo = -1 / bmax, hi = -1 / bmin;
    const double pad = (hi - lo) * 1e-12;
    lo += pad;
    hi -= pad;
    for (int step = 0; step < BISECTION_STEPS; ++step) {
        const double mid = (lo + hi) / 2;
        double f = 0;
        for (int i = 0; i < CELLS; ++i) f += q[i] * b[i] / (1 + mid * b[i]);
        (f > 0 ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

// The distribution nearest (in likelihood) to q with (mu - 1/2)/sigma = t.
Dist constrained_mle(const Dist& q, double t) {
    Dist p;
    p.fill(1.0 / CELLS);
    for (int iter = 0; iter < FIXED_POINT_ITERATIONS; ++iter) {
        double mu, sigma;
        mean_sd(p, mu, sigma);
        Dist b;
        for (int i = 0; i < CELLS; ++i) {
            const double d = value_of(i) - mu;
            b[i] = value_of(i) - 0.5 - t * (sigma / 2 + d * d / (2 * sigma));
        }
        const double bmax = *std::max_element(b.begin(), b.end());
        const double bmin = *std::min_element(b.begin(), b.end());
        if (!(bmin < 0 && bmax > 0)) break;  // t out of reach of any distribution
        const double x = solve_secular(q, b);
        Dist next;
        double change = 0;
        for (int i = 0; i < CELLS; ++i) {
            next[i] = q[i] / (1 + x * b[i]);
            change = std::max(change, std::fabs(next[i] - p[i]));
        }
        p = next;
        if (change < 1e-12) break;
    }
    return p;
}

}  // namespace

double SprtSettings::lower_bound() const {
    return std::log(beta / (1 - alpha));
}
double SprtSettings::upper_bound() const {
    return std::log((1 - beta) / alpha);
}

double sprt_llr(const Pentanomial& pairs, double nelo0, double nelo1) {
    if (pairs.pairs() == 0) return 0;
    Dist q;
    double n = 0;
    for (int i = 0; i < CELLS; ++i) {
        q[i] = pairs.counts[size_t(i)] ? double(pairs.counts[size_t(i)]) : REGULARIZATION;
        n += q[i];
    }
    for (double& x : q) x /= n;
    // Normalized Elo is per game; the constraint is on the pair distribution.
    const double per_pair = std::sqrt(2.0) * std::log(10.0) / 800.0;
    const Dist p0 = constrained_mle(q, nelo0 * per_pair);
    const Dist p1 = constrained_mle(q, nelo1 * per_pair);
    double llr = 0;
    for (int i = 0; i < CELLS; ++i) llr += q[i] * (std::log(p1[i]) - std::log(p0[i]));
    return n * llr;
}

SprtStatus sprt_status(const Pentanomial& p, const SprtSettings& s) {
    SprtStatus st;
    st.llr = sprt_llr(p, s.elo0, s.elo1);
    st.lower = s.lower_bound();
    st.upper = s.upper_bound();
    st.decision = st.llr >= st.upper   ? SprtDecision::AcceptH1
                  : st.llr <= st.lower ? SprtDecision::AcceptH0
                                       : SprtDecision::Continue;
    return st;
}

const char* sprt_decision_text(SprtDecision d) {
    switch (d) {
        case SprtDecision::AcceptH0:
            return "H0 accepted";
        case SprtDecision::AcceptH1:
            return "H1 accepted";
        default:
            return "continue";
    }
}

std::optional<SprtDecision> parse_sprt_decision(std::string_view text) {
    for (SprtDecision d : {SprtDecision::Continue, SprtDecision::AcceptH0, SprtDecision::AcceptH1})
        if (text == sprt_decision_text(d)) return d;
    return std::nullopt;
}

}  // namespace pantheon::match
