// The tuner's model is the engine's evaluation, its gradient is the loss's
// derivative, it recovers known parameters from synthetic data, and bad data
// fails with a message and nothing written.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "data/game_file.h"
#include "data/game_replay.h"
#include "data/synthetic_games.h"
#include "engine/search/evaluator.h"
#include "tests/data/test_files.h"
#include "tests/test_dir.h"
#include "tuner/tune_run.h"
#include "tuner/weights_file.h"

namespace pantheon::tuner {
namespace {

using namespace search::eval_params;

// Positions of synthetic games (random playouts, hands filled by captures).
std::vector<Position> game_positions(int games, uint64_t seed) {
    std::vector<Position> out;
    for (const data::GameRecord& g : data::synthetic_games(size_t(games), seed)) {
        std::string error;
        EXPECT_TRUE(data::replay_game(
            g,
            [&](const Position& pos, const data::PlyRecord&, int) {
                if (!pos.campmate_reached()) out.push_back(pos);
            },
            &error))
            << error;
    }
    return out;
}

// A set of those positions with every target 0.5 (tests set their own).
TuneSet traced(const std::vector<Position>& positions) {
    TuneSet set;
    search::EvalTrace trace;
    for (const Position& pos : positions) set.add(trace, search::trace_evaluation(pos, trace), 0.5);
    return set;
}

double sigmoid(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}

TuneSet with_targets(const std::vector<Position>& positions, const Params& truth, double k) {
    TuneSet base = traced(positions);
    TuneSet set;
    search::EvalTrace trace;
    for (size_t i = 0; i < positions.size(); ++i) {
        const int score = search::trace_evaluation(positions[i], trace);
        set.add(trace, score, sigmoid(model_eval(base, i, truth) / k));
    }
    return set;
}

TEST(TuneModel, IsTheEnginesEvaluation) {
    const auto positions = game_positions(40, 11);
    ASSERT_GT(positions.size(), 1000u);
    const TuneSet set = traced(positions);
    auto eval = search::make_classical_evaluator();
    const Params p = to_params(WEIGHTS);
    for (size_t i = 0; i < positions.size(); ++i) {
        const int engine = eval->evaluate(positions[i]);
        ASSERT_EQ(set.position(i).engine_score, engine);
        // The engine rounds its two divisions down; the model does not.
        ASSERT_NEAR(model_eval(set, i, p), engine, 2.0) << positions[i].fen();
    }
}

TEST(TuneModel, GradientMatchesFiniteDifferences) {
    const auto positions = game_positions(12, 5);
    TuneSet set = traced(positions);
    Params p = to_params(WEIGHTS);
    // Away from integers (the penalty's cap and the advance's floor are kinks)
    // and with every block in play.
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> jitter(-0.4, 0.4);
    for (int i = 0; i < PARAM_NB; ++i)
        if (is_tunable(i)) p[size_t(i)] += jitter(rng) + (p[size_t(i)] == 0 ? 2.0 : 0.0);
    // Targets from a different parameter set, so the gradient is not zero.
    Params other = p;
    other[size_t(HAND_VALUE_AT)] += 60;
    other[size_t(TEMPO_AT)] -= 25;
    set = with_targets(positions, other, 300.0);
    const double k = 300.0;
    Params grad;
    loss(set, p, k, &grad, 2);
    int checked = 0;
    for (int i = 0; i < PARAM_NB; ++i) {
        if (!is_tunable(i)) {
            EXPECT_EQ(grad[size_t(i)], 0.0);
            continue;
        }
        const double h = 1e-3;
        Params up = p, down = p;
        up[size_t(i)] += h;
        down[size_t(i)] -= h;
        const double numeric =
            (loss(set, up, k, nullptr, 1) - loss(set, down, k, nullptr, 1)) / (2 * h);
        EXPECT_NEAR(grad[size_t(i)], numeric, 1e-7 + 1e-4 * std::abs(numeric)) << "parameter " << i;
        checked += grad[size_t(i)] != 0.0;
    }
    EXPECT_GT(checked, 60) << "most parameters take part in these positions";
}

TEST(TuneModel, FitsSyntheticDataWithKnownParameters) {
    const auto positions = game_positions(40, 17);
    const double k = 400.0;
    Params truth = to_params(WEIGHTS);
    // Changes the fit has to find: material on the board and in hand, tempo,
    // and king-danger units (through the non-linear penalty).
    truth[size_t(HAND_VALUE_AT + PAWN)] += 40;
    truth[size_t(BOARD_VALUE_AT + KNIGHT)] -= 30;
    truth[size_t(BOARD_VALUE_AT + ROOK)] += 35;
    truth[size_t(TEMPO_AT)] += 25;
    truth[size_t(WEAK_ZONE_SQUARE_UNITS_AT)] += 6;
    const TuneSet set = with_targets(positions, truth, k);

    Params p = to_params(WEIGHTS);
    FitOptions options;
    options.iterations = 500;
    options.lr = 2.0;
    options.units_lr = 0.3;
    const FitReport r = fit(set, p, k, options, nullptr);
    const double floor = loss(set, truth, k, nullptr, 2);  // the targets' own entropy
    EXPECT_GT(r.loss_before - floor, 1e-3);
    EXPECT_LT(r.loss_after - floor, 0.02 * (r.loss_before - floor));
    for (int i : {HAND_VALUE_AT + PAWN, BOARD_VALUE_AT + KNIGHT, BOARD_VALUE_AT + ROOK, TEMPO_AT})
        EXPECT_NEAR(p[size_t(i)], truth[size_t(i)], 6.0) << "parameter " << i;
    EXPECT_NEAR(p[size_t(WEAK_ZONE_SQUARE_UNITS_AT)], truth[size_t(WEAK_ZONE_SQUARE_UNITS_AT)],
                2.0);
}

TEST(TuneModel, FitIsTheSameWithAnyNumberOfThreads) {
    const auto positions = game_positions(10, 23);
    Params truth = to_params(WEIGHTS);
    truth[size_t(TEMPO_AT)] += 30;
    const TuneSet set = with_targets(positions, truth, 350.0);
    FitOptions options;
    options.iterations = 30;
    Params one = to_params(WEIGHTS), two = one;
    options.threads = 1;
    fit(set, one, 350.0, options, nullptr);
    options.threads = 2;
    fit(set, two, 350.0, options, nullptr);
    EXPECT_EQ(one, two);
    EXPECT_NEAR(fit_k(set, one, 1), fit_k(set, one, 2), 1e-9);
}

TEST(TuneModel, FittedKMinimisesTheLoss) {
    const auto positions = game_positions(20, 29);
    const Params p = to_params(WEIGHTS);
    const TuneSet set = with_targets(positions, p, 250.0);
    const double k = fit_k(set, p, 2);
    EXPECT_NEAR(k, 250.0, 2.0);
}

// --- the command's data path ------------------------------------------------------------

using pantheon::test::TestDir;

void write_games(const std::string& path, int games, uint64_t seed) {
    const auto records = data::synthetic_games(size_t(games), seed);
    std::string error;
    ASSERT_TRUE(data::write_game_file(path, records, &error)) << error;
}

TuneConfig small_config(const TestDir& dir, const std::string& data) {
    TuneConfig c;
    c.data = {data};
    c.out = dir.file("eval_weights.h");
    c.fit.iterations = 5;
    return c;
}

TEST(TuneRun, WritesAWeightsHeaderFromDataFiles) {
    TestDir dir;
    write_games(dir.file("games.pgd"), 30, 7);
    const TuneConfig c = small_config(dir, dir.path().string());
    TuneSummary s;
    std::string error;
    ASSERT_TRUE(run_tune(c, "pantheon tune (test)", nullptr, s, &error)) << error;
    EXPECT_GT(s.train_positions, 500u);
    EXPECT_GT(s.held_out_positions, 50u);
    EXPECT_GT(s.counts.filtered, 0u) << "in-check and tactical positions are skipped";
    EXPECT_LE(s.max_model_error, 2.0);
    std::ifstream in(c.out);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("inline constexpr Weights WEIGHTS"), std::string::npos);
    EXPECT_NE(text.find("pantheon tune (test)"), std::string::npos);
    for (const Block& b : BLOCKS)
        EXPECT_NE(text.find(std::string("// ") + b.name + "\n"), std::string::npos);
}

TEST(TuneRun, TheWeightsHeaderListsEveryValueInOrder) {
    Weights w{};
    for (int i = 0; i < PARAM_NB; ++i) w[size_t(i)] = 1000 + i;
    const std::string text = weights_header_text(w, "x");
    size_t at = 0;
    for (int i = 0; i < PARAM_NB; ++i) {
        at = text.find(std::to_string(1000 + i) + ",", at);
        ASSERT_NE(at, std::string::npos) << "value " << i;
    }
}

TEST(TuneRun, BadDataFailsClearlyAndWritesNothing) {
    TestDir dir;
    TuneSummary s;
    std::string error;
    // Missing input.
    EXPECT_FALSE(run_tune(small_config(dir, dir.file("missing.pgd")), "t", nullptr, s, &error));
    EXPECT_FALSE(error.empty());
    // No games.
    write_games(dir.file("empty.pgd"), 0, 1);
    error.clear();
    EXPECT_FALSE(run_tune(small_config(dir, dir.file("empty.pgd")), "t", nullptr, s, &error));
    EXPECT_NE(error.find("no positions"), std::string::npos) << error;
    // Garbage.
    data::test::write_bytes(dir.file("garbage.pgd"), std::vector<uint8_t>(4096, 'Z'));
    error.clear();
    EXPECT_FALSE(run_tune(small_config(dir, dir.file("garbage.pgd")), "t", nullptr, s, &error));
    EXPECT_FALSE(error.empty());
    // A damaged chunk in a valid file.
    write_games(dir.file("good.pgd"), 30, 5);
    auto bytes = data::test::read_bytes(dir.file("good.pgd"));
    bytes[bytes.size() / 2] ^= 0x40;
    data::test::write_bytes(dir.file("damaged.pgd"), bytes);
    error.clear();
    EXPECT_FALSE(run_tune(small_config(dir, dir.file("damaged.pgd")), "t", nullptr, s, &error));
    EXPECT_FALSE(error.empty());
    EXPECT_FALSE(std::filesystem::exists(dir.file("eval_weights.h")));
    // Options.
    TuneConfig c = small_config(dir, dir.file("good.pgd"));
    c.fit.iterations = 0;
    EXPECT_FALSE(validate(c).empty());
    c = small_config(dir, dir.file("good.pgd"));
    c.holdout_every = 1;
    EXPECT_FALSE(validate(c).empty());
}

}  // namespace
}  // namespace pantheon::tuner
