#include "tuner/tune_run.h"

#include <chrono>
#include <cmath>
#include <cstdio>

#include "tuner/weights_file.h"
#include "util/atomic_file.h"

namespace pantheon::tuner {
PANTHEON_VARIANT_BEGIN

std::string validate(const TuneConfig& c) {
    if (c.data.empty()) return "no --data given";
    if (c.out.empty()) return "no --out given";
    if (c.fit.iterations < 1) return "--iterations must be at least 1";
    if (!(c.fit.lr > 0) || !(c.fit.units_lr > 0)) return "--lr and --units-lr must be positive";
    if (!(c.fit.l2 >= 0)) return "--l2 must not be negative";
    if (c.k < 0) return "--k must be positive (or 0 to fit it)";
    if (c.holdout_every < 0 || c.holdout_every == 1) return "--holdout-every must be 0 or >= 2";
    if (c.load.threads < 1 || c.fit.threads < 1) return "--threads must be at least 1";
    return {};
}

bool run_tune(const TuneConfig& config, const std::string& command_line, std::ostream* progress,
              TuneSummary& s, std::string* error) {
    const auto start = std::chrono::steady_clock::now();
    TuneSet train, held;
    if (!load_tune_set(config.data, config.load, train, s.counts, progress, error)) return false;
    train.split(size_t(config.holdout_every), held);
    s.train_positions = train.size();
    s.held_out_positions = held.size();

    const search::eval_params::Weights& start_weights = search::eval_params::WEIGHTS;
    Params p = to_params(start_weights);
    for (size_t i = 0; i < train.size(); ++i)
        s.max_model_error = std::max(
            s.max_model_error, std::abs(model_eval(train, i, p) - train.position(i).engine_score));

    const int threads = config.fit.threads;
    s.k = config.k > 0 ? config.k : fit_k(train, p, threads);
    if (progress) *progress << "tune: K = " << s.k << "\n";
    s.held_before = loss(held, p, s.k, nullptr, threads);
    const FitReport r = fit(train, p, s.k, config.fit, progress);
    s.train_before = r.loss_before;
    s.train_after = r.loss_after;
    const Params final_params = to_params(rounded(p));
    s.train_rounded = loss(train, final_params, s.k, nullptr, threads);
    s.held_rounded = loss(held, final_params, s.k, nullptr, threads);

    char line[512];
    std::snprintf(line, sizeof line,
                  "%s; %zu positions (%zu held out), K %.1f, loss %.5f -> %.5f (held out "
                  "%.5f -> %.5f)",
                  command_line.c_str(), s.train_positions, s.held_out_positions, s.k,
                  s.train_before, s.train_rounded, s.held_before, s.held_rounded);
    if (!util::write_file_atomically(config.out, weights_header_text(rounded(p), line), error))
        return false;
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::tuner
