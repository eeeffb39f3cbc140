// Every gradient of the network pass against central finite differences of
// its loss, computed in double-checked float: the dense layers, biases, the
// sparse transformer rows (board and hand features), PSQT rows and the
// factor rows. Weights are drawn so that activations sit inside the clipped
// ranges, away from the kinks where a difference quotient is meaningless.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "engine/core/random.h"
#include "trainer/network_pass.h"
#include "trainer_test_support.h"

namespace pantheon::trainer {
namespace {

struct Fixture {
    Model model;
    Batch batch;
    LossParams loss{400.0f, 0.6f};
};

Fixture make_fixture(uint64_t seed, int positions) {
    Fixture f;
    initialize(f.model, seed);
    SplitMix64 rng(seed);
    // Give the PSQT and factor rows non-zero values so their paths matter.
    for (float& w : f.model.net.psqt_weights) w = float(rng.gaussian(0.05));
    for (float& w : f.model.factor_weights) w = float(rng.gaussian(0.01));
    for (float& w : f.model.factor_psqt) w = float(rng.gaussian(0.05));
    // Dense activations well inside (0, 1), where the clipped ReLUs pass
    // gradient, so no difference quotient straddles a kink.
    for (float& b : f.model.net.l2_bias) b = 0.5f + float(rng.gaussian(0.05));
    for (float& b : f.model.net.l3_bias) b = 0.5f + float(rng.gaussian(0.05));
    for (float& w : f.model.net.l2_weights) w *= 0.2f;
    for (float& w : f.model.net.l3_weights) w *= 0.3f;
    const auto all = test::synthetic_positions(6, seed);
    // Positions with pieces in hand, so hand features are exercised.
    std::vector<data::TrainingPosition> chosen;
    for (const auto& t : all)
        if (t.hand_total() > 0 && chosen.size() < size_t(positions)) chosen.push_back(t);
    EXPECT_EQ(chosen.size(), size_t(positions));
    f.batch = test::make_batch(chosen, 0, chosen.size());
    return f;
}

// The loss in double precision of the float pass, for difference quotients.
double loss_of(NetworkPass& pass, const Fixture& f) {
    return pass.run(f.model, f.batch, f.loss, nullptr);
}

// Compares d loss / d param[i] for entries of a parameter array with central
// differences. An entry whose one-sided quotients disagree sits on a clipping
// kink for some position (the quotient is meaningless there) and is skipped;
// most entries must be checked.
void check_entries(NetworkPass& pass, Fixture& f, float* param, const std::vector<size_t>& entries,
                   const std::function<float(size_t)>& analytic, const char* what) {
    int checked = 0;
    const double centre = loss_of(pass, f);
    for (size_t i : entries) {
        const float saved = param[i];
        const float h = 5e-3f;
        param[i] = saved + h;
        const double up = loss_of(pass, f);
        param[i] = saved - h;
        const double down = loss_of(pass, f);
        param[i] = saved;
        const double right = (up - centre) / h, left = (centre - down) / h;
        if (std::abs(right - left) > 0.05 * std::max(std::abs(right), std::abs(left)) + 1e-6)
            continue;
        const double numeric = (up - down) / (2.0 * h);
        const double a = analytic(i);
        const double tolerance = 1e-2 * std::max(std::abs(numeric), std::abs(a)) + 1e-6;
        EXPECT_NEAR(a, numeric, tolerance) << what << " entry " << i;
        ++checked;
    }
    EXPECT_GE(checked, int(entries.size() + 1) / 2) << what;
}

size_t index_in(const std::vector<uint32_t>& rows, uint32_t r) {
    const auto it = std::lower_bound(rows.begin(), rows.end(), r);
    EXPECT_TRUE(it != rows.end() && *it == r);
    return size_t(it - rows.begin());
}

TEST(Gradient, EveryLayerMatchesFiniteDifferences) {
    for (bool factorized : {false, true}) {
        Fixture f = make_fixture(7, 24);
        NetworkPass pass(factorized);
        Gradients g;
        pass.run(f.model, f.batch, f.loss, &g);
        nnue::FloatNetwork& n = f.model.net;
        SplitMix64 rng(3);
        auto pick = [&](size_t size, int count) {
            std::vector<size_t> v;
            for (int i = 0; i < count; ++i) v.push_back(size_t(rng.below(size)));
            return v;
        };
        check_entries(
            pass, f, n.out_weights.data(), pick(L3, 8), [&](size_t i) { return g.out_weights[i]; },
            "out_weights");
        check_entries(
            pass, f, &n.out_bias, {0}, [&](size_t) { return g.out_bias; }, "out_bias");
        check_entries(
            pass, f, n.l3_weights.data(), pick(n.l3_weights.size(), 12),
            [&](size_t i) { return g.l3_weights[i]; }, "l3_weights");
        check_entries(
            pass, f, n.l3_bias.data(), pick(L3, 6), [&](size_t i) { return g.l3_bias[i]; },
            "l3_bias");
        check_entries(
            pass, f, n.l2_weights.data(), pick(n.l2_weights.size(), 12),
            [&](size_t i) { return g.l2_weights[i]; }, "l2_weights");
        check_entries(
            pass, f, n.l2_bias.data(), pick(L2, 6), [&](size_t i) { return g.l2_bias[i]; },
            "l2_bias");
        check_entries(
            pass, f, n.ft_bias.data(), pick(L1, 12), [&](size_t i) { return g.ft_bias[i]; },
            "ft_bias");

        // Transformer rows: board features and hand features separately.
        std::vector<size_t> board_entries, hand_entries, psqt_entries;
        for (size_t k = 0; k < g.rows.size(); ++k) {
            const uint32_t feature = g.rows[k];
            const bool hand = feature % nnue::features::FEATURES_PER_BUCKET >=
                              uint32_t(nnue::features::BOARD_FEATURE_NB);
            auto& list = hand ? hand_entries : board_entries;
            if (list.size() < 10 && rng.chance(0.3))
                list.push_back(size_t(feature) * L1 + size_t(rng.below(L1)));
            if (psqt_entries.size() < 10 && rng.chance(0.2)) psqt_entries.push_back(feature);
        }
        ASSERT_FALSE(hand_entries.empty());
        auto row_grad = [&](size_t i) {
            return g.row_weights[index_in(g.rows, uint32_t(i / L1)) * L1 + i % L1];
        };
        check_entries(pass, f, n.ft_weights.data(), board_entries, row_grad, "board rows");
        check_entries(pass, f, n.ft_weights.data(), hand_entries, row_grad, "hand rows");
        check_entries(
            pass, f, n.psqt_weights.data(), psqt_entries,
            [&](size_t i) { return g.row_psqt[index_in(g.rows, uint32_t(i))]; }, "psqt rows");
        if (!factorized) {
            EXPECT_TRUE(g.factor_rows.empty());
            continue;
        }
        std::vector<size_t> factor_entries, factor_psqt_entries;
        for (uint32_t j : g.factor_rows) {
            if (factor_entries.size() < 12 && rng.chance(0.3))
                factor_entries.push_back(size_t(j) * L1 + size_t(rng.below(L1)));
            if (factor_psqt_entries.size() < 8 && rng.chance(0.3)) factor_psqt_entries.push_back(j);
        }
        check_entries(
            pass, f, f.model.factor_weights.data(), factor_entries,
            [&](size_t i) {
                return g.factor_weights[index_in(g.factor_rows, uint32_t(i / L1)) * L1 + i % L1];
            },
            "factor rows");
        check_entries(
            pass, f, f.model.factor_psqt.data(), factor_psqt_entries,
            [&](size_t i) { return g.factor_psqt[index_in(g.factor_rows, uint32_t(i))]; },
            "factor psqt");
    }
}

TEST(Gradient, UntouchedRowsAreNotListed) {
    Fixture f = make_fixture(11, 5);
    NetworkPass pass(true);
    Gradients g;
    pass.run(f.model, f.batch, f.loss, &g);
    std::vector<uint32_t> expected(f.batch.features.begin(), f.batch.features.end());
    std::sort(expected.begin(), expected.end());
    expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
    EXPECT_EQ(g.rows, expected);
}

TEST(NetworkPass, OutputsMatchTheReferenceAndDoNotDependOnThreads) {
    Fixture f = make_fixture(5, 40);
    const auto all = test::synthetic_positions(30, 99);
    f.batch = test::make_batch(all, 0, std::min<size_t>(all.size(), 1500));
    NetworkPass pass(true);
    std::vector<float> outputs;
    Gradients g1, g2;
    const double l1 = pass.run(f.model, f.batch, f.loss, &g1, &outputs);
    const nnue::FloatNetwork net = folded(f.model);
    for (int i = 0; i < f.batch.size; i += 7)
        EXPECT_NEAR(outputs[size_t(i)], reference_output(net, f.batch, i), 1e-4f) << i;
    double l2;
    {
        tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
        l2 = pass.run(f.model, f.batch, f.loss, &g2);
    }
    EXPECT_EQ(l1, l2);
    EXPECT_EQ(g1.row_weights, g2.row_weights);
    EXPECT_EQ(g1.factor_weights, g2.factor_weights);
    EXPECT_EQ(g1.l2_weights, g2.l2_weights);
    EXPECT_EQ(g1.ft_bias, g2.ft_bias);
}

}  // namespace
}  // namespace pantheon::trainer
