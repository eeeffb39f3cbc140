#include "trainer/optimizer.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

namespace {

struct Update {
    float beta1, beta2, epsilon, step_size, decay;  // decay = lr * weight_decay (0 for biases)
    float limit;                                    // clip bound (infinity: none)

    void apply(float* w, float* m, float* v, const float* g, size_t n) const {
        for (size_t i = 0; i < n; ++i) {
            m[i] = beta1 * m[i] + (1.0f - beta1) * g[i];
            v[i] = beta2 * v[i] + (1.0f - beta2) * g[i] * g[i];
            const float x = w[i] - step_size * m[i] / (std::sqrt(v[i]) + epsilon) - decay * w[i];
            w[i] = std::clamp(x, -limit, limit);
        }
    }
};

// Sparse rows of width `width`: grads packed in the order of `rows`.
void apply_rows(const Update& u, const ParamArray& p, std::vector<float>& m, std::vector<float>& v,
                const std::vector<uint32_t>& rows, const std::vector<float>& grads, size_t width) {
    tbb::parallel_for(
        tbb::blocked_range<size_t>(0, rows.size(), 64), [&](const tbb::blocked_range<size_t>& r) {
            for (size_t k = r.begin(); k < r.end(); ++k) {
                const size_t at = size_t(rows[k]) * width;
                u.apply(p.data + at, m.data() + at, v.data() + at, grads.data() + k * width, width);
            }
        });
}

}  // namespace

Adam::Adam(const TrainConfig& c)
    : beta1_(c.beta1), beta2_(c.beta2), epsilon_(c.epsilon), weight_decay_(c.weight_decay) {
    Model shape;
    for (const ParamArray& p : parameter_arrays(shape)) {
        m_.emplace_back(p.size, 0.0f);
        v_.emplace_back(p.size, 0.0f);
    }
}

void Adam::step(Model& model, const Gradients& g, float lr) {
    ++t_;
    const double correction1 = 1.0 - std::pow(double(beta1_), double(t_));
    const double correction2 = 1.0 - std::pow(double(beta2_), double(t_));
    const float step_size = float(lr * std::sqrt(correction2) / correction1);
    const float inf = std::numeric_limits<float>::infinity();
    const std::vector<ParamArray> params = parameter_arrays(model);
    for (size_t a = 0; a < params.size(); ++a) {
        const ParamArray& p = params[a];
        Update u{beta1_, beta2_, epsilon_, step_size, 0.0f, inf};
        switch (p.kind) {
            case ParamKind::FtRows:
                u.decay = lr * weight_decay_;
                u.limit = FT_WEIGHT_LIMIT / 2;
                if (p.factor)
                    apply_rows(u, p, m_[a], v_[a], g.factor_rows, g.factor_weights, L1);
                else
                    apply_rows(u, p, m_[a], v_[a], g.rows, g.row_weights, L1);
                continue;
            case ParamKind::PsqtRows:
                if (p.factor)
                    apply_rows(u, p, m_[a], v_[a], g.factor_rows, g.factor_psqt, 1);
                else
                    apply_rows(u, p, m_[a], v_[a], g.rows, g.row_psqt, 1);
                continue;
            case ParamKind::DenseWeight:
                u.decay = lr * weight_decay_;
                u.limit = DENSE_WEIGHT_LIMIT;
                break;
            case ParamKind::Bias:
                if (p.data == model.net.ft_bias.data()) u.limit = FT_WEIGHT_LIMIT;
                break;
        }
        const float* grad = nullptr;
        if (p.data == model.net.ft_bias.data())
            grad = g.ft_bias.data();
        else if (p.data == model.net.l2_weights.data())
            grad = g.l2_weights.data();
        else if (p.data == model.net.l2_bias.data())
            grad = g.l2_bias.data();
        else if (p.data == model.net.l3_weights.data())
            grad = g.l3_weights.data();
        else if (p.data == model.net.l3_bias.data())
            grad = g.l3_bias.data();
        else if (p.data == model.net.out_weights.data())
            grad = g.out_weights.data();
        else if (p.data == &model.net.out_bias)
            grad = &g.out_bias;
        u.apply(p.data, m_[a].data(), v_[a].data(), grad, p.size);
    }
}

float learning_rate(const TrainConfig& c, uint64_t step, uint64_t total_steps) {
    double lr = c.lr;
    if (c.warmup_steps > 0 && step < c.warmup_steps)
        lr *= double(step + 1) / double(c.warmup_steps);
    switch (c.lr_schedule) {
        case LrSchedule::Constant:
            break;
        case LrSchedule::Step:
            lr *= std::pow(double(c.lr_step_gamma), double(step / c.lr_step_every));
            break;
        case LrSchedule::Cosine:
            if (total_steps > 1) {
                const double x = std::min(1.0, double(step) / double(total_steps - 1));
                const double min = c.lr_min_ratio;
                lr *= min + (1.0 - min) * 0.5 * (1.0 + std::cos(std::numbers::pi * x));
            }
            break;
    }
    return float(lr);
}

float lambda_at(const TrainConfig& c, uint64_t step, uint64_t total_steps) {
    const double x = total_steps > 1 ? std::min(1.0, double(step) / double(total_steps - 1)) : 0.0;
    return float(c.lambda + (c.lambda_end - c.lambda) * x);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
