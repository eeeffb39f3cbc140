// Elo, normalized Elo, LOS, SPRT and rating-table figures against values
// worked out independently by derive_expected.py (beside this file), which
// uses other numerical methods (Newton on the full Lagrange system for the
// SPRT, Newton on the likelihood for the ratings). Where a value can be done
// by hand, the derivation is written next to it.
#include <gtest/gtest.h>

#include <cmath>

#include "match/elo.h"
#include "match/rating_table.h"
#include "match/sprt.h"

using namespace pantheon::match;

namespace {

Pentanomial penta(std::array<int64_t, 5> c) {
    Pentanomial p;
    p.counts = c;
    return p;
}

}  // namespace

TEST(EloTest, TrinomialByHand) {
    // L=20 D=20 W=60: score s = (60 + 10) / 100 = 0.7; Elo = 400 log10(0.7/0.3) = 147.19.
    // Per-game variance 0.6*0.3^2 + 0.2*0.2^2 + 0.2*0.7^2 = 0.16, so se = 0.04 and
    // LOS = Phi(0.2 / 0.04) = Phi(5) = 0.9999997133. t = 0.2 / 0.4 = 0.5, so
    // nElo = 800/ln10 * 0.5 = 173.718.
    const EloEstimate e = estimate(Trinomial{20, 20, 60});
    EXPECT_NEAR(e.score, 0.7, 1e-12);
    EXPECT_NEAR(e.elo, 147.1907141178, 1e-6);
    EXPECT_NEAR(e.elo_error, 66.0133812204, 1e-6);
    EXPECT_NEAR(e.los, 0.9999997133, 1e-9);
    EXPECT_NEAR(e.nelo, 173.7177927613, 1e-6);
    EXPECT_NEAR(e.nelo_error, 83.1012072128, 1e-6);
}

TEST(EloTest, TrinomialWithoutDrawsUsesTheRegularizedCell) {
    // 60 wins, 40 losses, no draws: the empty draw cell counts 0.001.
    const EloEstimate e = estimate(Trinomial{40, 0, 60});
    EXPECT_NEAR(e.score, 0.599999, 1e-6);
    EXPECT_NEAR(e.elo, 70.4357798057, 1e-6);
    EXPECT_NEAR(e.elo_error, 70.5704041848, 1e-6);
    EXPECT_NEAR(e.los, 0.9793865622, 1e-9);
    EXPECT_NEAR(e.nelo, 70.9196225459, 1e-6);
    EXPECT_NEAR(e.nelo_error, 70.9330666316, 1e-6);
}

TEST(EloTest, Pentanomial) {
    const EloEstimate e = estimate(penta({5, 10, 30, 35, 20}));
    // Score by hand: (10*0.25 + 30*0.5 + 35*0.75 + 20*1) / 100 = 0.6375.
    EXPECT_NEAR(e.score, 0.6375, 1e-12);
    EXPECT_NEAR(e.elo, 98.0688712796, 1e-6);
    EXPECT_NEAR(e.elo_error, 39.6671675977, 1e-6);
    EXPECT_NEAR(e.los, 0.9999998584, 1e-9);
    EXPECT_NEAR(e.nelo, 126.1379134942, 1e-6);
    EXPECT_NEAR(e.nelo_error, 56.3560324381, 1e-6);

    const EloEstimate z = estimate(penta({0, 10, 40, 30, 20}));
    EXPECT_NEAR(z.score, 0.6499935001, 1e-9);
    EXPECT_NEAR(z.elo, 107.5331616224, 1e-6);
    EXPECT_NEAR(z.elo_error, 34.4352741431, 1e-6);
    EXPECT_NEAR(z.nelo, 160.818788208, 1e-6);
    EXPECT_NEAR(z.nelo_error, 49.5036879647, 1e-6);
}

TEST(EloTest, BalancedResultIsZeroWithEvenLos) {
    const EloEstimate e = estimate(penta({10, 20, 40, 20, 10}));
    EXPECT_NEAR(e.elo, 0, 1e-9);
    EXPECT_NEAR(e.nelo, 0, 1e-9);
    EXPECT_NEAR(e.los, 0.5, 1e-12);
    EXPECT_NEAR(e.elo_error, 37.4420597354, 1e-6);
    EXPECT_NEAR(e.nelo_error, 48.1512306691, 1e-6);
}

TEST(SprtTest, Bounds) {
    // ln(0.05 / 0.95) and ln(0.95 / 0.05).
    const SprtSettings s{0, 5, 0.05, 0.05};
    EXPECT_NEAR(s.lower_bound(), -2.9444389791664403, 1e-12);
    EXPECT_NEAR(s.upper_bound(), 2.9444389791664403, 1e-12);
}

TEST(SprtTest, LogLikelihoodRatioMatchesIndependentSolver) {
    EXPECT_NEAR(sprt_llr(penta({5, 10, 30, 35, 20}), 0, 5), 0.876522951, 1e-6);
    EXPECT_NEAR(sprt_llr(penta({10, 20, 40, 20, 10}), 0, 5), -0.020709467, 1e-6);
    EXPECT_NEAR(sprt_llr(penta({30, 40, 60, 20, 10}), 0, 10), -2.1948081488, 1e-6);
    EXPECT_NEAR(sprt_llr(penta({0, 3, 10, 4, 1}), -2, 2), 0.0659014742, 1e-6);
    // A large fishtest-like sample (bounds 0.764 / 3.439 normalized Elo).
    EXPECT_NEAR(sprt_llr(penta({39, 2226, 31451, 2412, 40}), 0.764, 3.439), 2.1629408696, 1e-5);
}

TEST(SprtTest, SymmetricAndEmpty) {
    // Mirroring the counts and the hypotheses flips the sign of the LLR.
    const double a = sprt_llr(penta({5, 10, 30, 35, 20}), -1, 4);
    const double b = sprt_llr(penta({20, 35, 30, 10, 5}), -4, 1);
    EXPECT_NEAR(a, -b, 1e-9);
    EXPECT_EQ(sprt_llr(penta({0, 0, 0, 0, 0}), 0, 5), 0);
}

TEST(SprtTest, DecisionsAtTheBounds) {
    const SprtSettings s{0, 5, 0.05, 0.05};
    // Overwhelming wins accept H1; a clearly weaker result accepts H0.
    EXPECT_EQ(sprt_status(penta({5, 20, 100, 200, 200}), s).decision, SprtDecision::AcceptH1);
    EXPECT_EQ(sprt_status(penta({200, 200, 100, 20, 5}), s).decision, SprtDecision::AcceptH0);
    EXPECT_EQ(sprt_status(penta({1, 2, 3, 2, 1}), s).decision, SprtDecision::Continue);
}

TEST(RatingTableTest, TwoPlayersMatchTheDirectFormula) {
    // 60-40: the difference is 400 log10(1.5) = 70.437, split +-35.218 around 0.
    // Error by hand: var(diff) = 1 / (n p (1-p)) = 1/24 in natural units, each
    // player has a quarter of it: 1.96 * 400/ln10 * sqrt(1/24) / 2 = 34.750.
    ResultMatrix m(2);
    for (int i = 0; i < 60; ++i) m.add(0, 1, 1.0);
    for (int i = 0; i < 40; ++i) m.add(0, 1, 0.0);
    const RatingTable t = compute_ratings(m);
    EXPECT_FALSE(t.regularized);
    EXPECT_NEAR(t.rows[0].elo, 35.218251811136085, 1e-6);
    EXPECT_NEAR(t.rows[1].elo, -35.218251811136085, 1e-6);
    EXPECT_NEAR(t.rows[0].error, 34.75015748576672, 1e-6);
    EXPECT_EQ(t.rows[0].games, 100);
    EXPECT_EQ(t.rows[0].wins, 60);
    EXPECT_EQ(t.rows[1].wins, 40);
}

TEST(RatingTableTest, RoundRobinOfThree) {
    ResultMatrix m(3);
    const auto add = [&](int a, int b, double pts, int n) {
        for (int i = 0; i < n; ++i) m.add(a, b, pts);
    };
    add(0, 1, 1.0, 14), add(0, 1, 0.0, 6);
    add(0, 2, 1.0, 16), add(0, 2, 0.0, 4);
    add(1, 2, 1.0, 12), add(1, 2, 0.0, 8), add(1, 2, 0.5, 2);
    const RatingTable t = compute_ratings(m);
    EXPECT_NEAR(t.rows[0].elo, 128.46017966543138, 1e-5);
    EXPECT_NEAR(t.rows[1].elo, -28.471371344295704, 1e-5);
    EXPECT_NEAR(t.rows[2].elo, -99.98880832113565, 1e-5);
    EXPECT_NEAR(t.rows[0].error, 83.32665831306043, 1e-4);
    EXPECT_NEAR(t.rows[1].error, 74.3625287185395, 1e-4);
    EXPECT_NEAR(t.rows[2].error, 78.0372254992551, 1e-4);
    EXPECT_EQ(t.rows[1].draws, 2);
}

TEST(RatingTableTest, PerfectScoreIsRegularizedAndFinite) {
    ResultMatrix m(2);
    for (int i = 0; i < 10; ++i) m.add(0, 1, 1.0);
    const RatingTable t = compute_ratings(m);
    EXPECT_TRUE(t.regularized);
    // With one virtual draw: 10.5 of 11 points, 400 log10(10.5/0.5) = 528.9, halved.
    EXPECT_NEAR(t.rows[0].elo, 200 * std::log10(21.0), 1e-6);
    EXPECT_TRUE(std::isfinite(t.rows[0].error));
}
