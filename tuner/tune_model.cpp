#include "tuner/tune_model.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>

#include "util/parallel.h"
#include "util/progress_line.h"

namespace pantheon::tuner {
PANTHEON_VARIANT_BEGIN

namespace {

using namespace search::eval_params;

// The loss is summed over this many fixed slices, then in slice order: the
// same sums with any number of threads.
constexpr size_t SLICES = 64;

BlockKind kind_of(int index) {
    int at = 0;
    for (const Block& b : BLOCKS) {
        if (index < at + b.size) return b.kind;
        at += b.size;
    }
    return BlockKind::Fixed;
}

double softplus(double x) {
    return std::max(x, 0.0) + std::log1p(std::exp(-std::abs(x)));
}
double sigmoid(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}

double dot(const search::EvalTerm* t, size_t n, const Params& p) {
    double s = 0;
    for (size_t i = 0; i < n; ++i) s += p[t[i].param] * t[i].count;
    return s;
}

// One king's non-linear terms: -penalty(U) + advance(A, U), with partial
// derivatives by U and by A.
struct KingPart {
    double value, d_units, d_advance;
};
KingPart king_part(const Params& p, double units, int rank) {
    const double div = p[KING_DANGER_DIV_AT], max = p[KING_DANGER_MAX_AT];
    const double safe = p[KING_ADVANCE_SAFE_UNITS_AT];
    const double advance = p[size_t(KING_ADVANCE_AT + rank)];
    KingPart k{};
    const double pen = units * units / div;
    k.value = -std::min(pen, max);
    k.d_units = pen < max ? -2.0 * units / div : 0.0;
    const double safety = units < safe ? (safe - units) / safe : 0.0;
    k.value += advance * safety;
    k.d_advance = safety;
    if (units < safe) k.d_units -= advance / safe;
    return k;
}

// Evaluates position i; with `grad`, adds weight * d eval / d p to it.
double eval_position(const TuneSet& set, size_t i, const Params& p, double weight, double* grad) {
    const TunePosition& pos = set.position(i);
    const search::EvalTerm* t = set.terms(pos);
    const search::EvalTerm* u[2] = {t + pos.linear, t + pos.linear + pos.units0};
    const size_t nu[2] = {pos.units0, pos.units1};
    double e = dot(t, pos.linear, p);
    if (grad)
        for (size_t j = 0; j < pos.linear; ++j) grad[t[j].param] += weight * t[j].count;
    for (int side = 0; side < 2; ++side) {
        const double sign = side == 0 ? 1.0 : -1.0;
        const double units = dot(u[side], nu[side], p);
        const KingPart k = king_part(p, units, pos.king_rank[side]);
        e += sign * k.value;
        if (grad) {
            grad[KING_ADVANCE_AT + pos.king_rank[side]] += weight * sign * k.d_advance;
            for (size_t j = 0; j < nu[side]; ++j)
                grad[u[side][j].param] += weight * sign * k.d_units * u[side][j].count;
        }
    }
    return e;
}

}  // namespace

bool is_tunable(int index) {
    return kind_of(index) != BlockKind::Fixed;
}

Params to_params(const Weights& w) {
    return Params(w.begin(), w.end());
}

Weights rounded(const Params& p) {
    Weights w{};
    for (int i = 0; i < PARAM_NB; ++i) w[size_t(i)] = int(std::lround(p[size_t(i)]));
    return w;
}

double model_eval(const TuneSet& set, size_t i, const Params& p) {
    return eval_position(set, i, p, 0.0, nullptr);
}

double loss(const TuneSet& set, const Params& p, double k, Params* grad, int threads) {
    const size_t n = set.size();
    if (n == 0) return 0.0;
    std::vector<double> slice_loss(SLICES, 0.0);
    std::vector<Params> slice_grad(grad ? SLICES : 0, Params(p.size(), 0.0));
    util::run_on_threads(threads, [&] {
        tbb::parallel_for(size_t(0), SLICES, [&](size_t s) {
            double* g = grad ? slice_grad[s].data() : nullptr;
            double sum = 0;
            for (size_t i = n * s / SLICES; i < n * (s + 1) / SLICES; ++i) {
                const double y = set.position(i).target;
                const double e = eval_position(set, i, p, 0.0, nullptr);
                const double x = e / k;
                sum += softplus(x) - y * x;
                if (g) eval_position(set, i, p, (sigmoid(x) - y) / (k * double(n)), g);
            }
            slice_loss[s] = sum;
        });
    });
    double total = 0;
    for (double l : slice_loss) total += l;
    if (grad) {
        grad->assign(p.size(), 0.0);
        for (const Params& g : slice_grad)
            for (size_t j = 0; j < p.size(); ++j) (*grad)[j] += g[j];
        for (size_t j = 0; j < p.size(); ++j)
            if (!is_tunable(int(j))) (*grad)[j] = 0.0;
    }
    return total / double(n);
}

double fit_k(const TuneSet& set, const Params& p, int threads) {
    // The loss is unimodal in log K over any sensible range.
    double a = std::log(10.0), b = std::log(5000.0);
    const double r = (std::sqrt(5.0) - 1) / 2;
    double c = b - r * (b - a), d = a + r * (b - a);
    double fc = loss(set, p, std::exp(c), nullptr, threads);
    double fd = loss(set, p, std::exp(d), nullptr, threads);
    for (int it = 0; it < 40; ++it) {
        if (fc < fd) {
            b = d, d = c, fd = fc;
            c = b - r * (b - a);
            fc = loss(set, p, std::exp(c), nullptr, threads);
        } else {
            a = c, c = d, fc = fd;
            d = a + r * (b - a);
            fd = loss(set, p, std::exp(d), nullptr, threads);
        }
    }
    return std::exp((a + b) / 2);
}

FitReport fit(const TuneSet& set, Params& p, double k, const FitOptions& options,
              std::ostream* progress) {
    FitReport report;
    report.k = k;
    const size_t n = p.size();
    const Params start = p;
    Params m(n, 0.0), v(n, 0.0), grad;
    constexpr double BETA1 = 0.9, BETA2 = 0.999, EPS = 1e-12;
    util::ProgressLine line(progress, progress && util::is_terminal(*progress));
    double current = 0;
    for (int it = 0; it < options.iterations; ++it) {
        current = loss(set, p, k, &grad, options.threads);
        if (it == 0) report.loss_before = current;
        const double progress_frac = double(it) / std::max(1, options.iterations - 1);
        const double decay =
            options.lr_end_ratio +
            (1 - options.lr_end_ratio) * 0.5 * (1 + std::cos(std::numbers::pi * progress_frac));
        const double c1 = 1 - std::pow(BETA1, it + 1), c2 = 1 - std::pow(BETA2, it + 1);
        for (size_t j = 0; j < n; ++j) {
            if (!is_tunable(int(j))) continue;
            const bool units = kind_of(int(j)) == BlockKind::Units;
            const double scale = units ? options.lr / options.units_lr : 1.0;
            grad[j] += options.l2 * scale * scale * (p[j] - start[j]);
            m[j] = BETA1 * m[j] + (1 - BETA1) * grad[j];
            v[j] = BETA2 * v[j] + (1 - BETA2) * grad[j] * grad[j];
            const double lr = (units ? options.units_lr : options.lr) * decay;
            p[j] -= lr * (m[j] / c1) / (std::sqrt(v[j] / c2) + EPS);
            if (units) p[j] = std::max(p[j], 0.0);  // danger never counts as safety
        }
        if (line.due() || it + 1 == options.iterations) {
            std::ostringstream text;
            text << "tune: iteration " << it + 1 << "/" << options.iterations << ", loss "
                 << current;
            line.draw(text.str(), it + 1 == options.iterations);
        }
    }
    report.loss_after = loss(set, p, k, nullptr, options.threads);
    return report;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::tuner
