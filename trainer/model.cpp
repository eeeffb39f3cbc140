#include "trainer/model.h"

#include <algorithm>
#include <cmath>

#include "engine/core/random.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

namespace {

bool same(const nnue::FloatNetwork& a, const nnue::FloatNetwork& b) {
    return a.ft_weights == b.ft_weights && a.ft_bias == b.ft_bias &&
           a.psqt_weights == b.psqt_weights && a.l2_weights == b.l2_weights &&
           a.l2_bias == b.l2_bias && a.l3_weights == b.l3_weights && a.l3_bias == b.l3_bias &&
           a.out_weights == b.out_weights && a.out_bias == b.out_bias;
}

void fill_uniform(std::vector<float>& v, float limit, SplitMix64& rng) {
    for (float& x : v) x = float((rng.real01() * 2.0 - 1.0) * limit);
}

void clip(float* data, size_t n, float limit) {
    for (size_t i = 0; i < n; ++i) data[i] = std::clamp(data[i], -limit, limit);
}

}  // namespace

bool Model::operator==(const Model& o) const {
    return same(net, o.net) && factor_weights == o.factor_weights && factor_psqt == o.factor_psqt;
}

std::vector<ParamArray> parameter_arrays(Model& m) {
    nnue::FloatNetwork& n = m.net;
    return {
        {"ft_weights", n.ft_weights.data(), n.ft_weights.size(), ParamKind::FtRows, false},
        {"ft_bias", n.ft_bias.data(), n.ft_bias.size(), ParamKind::Bias, false},
        {"psqt_weights", n.psqt_weights.data(), n.psqt_weights.size(), ParamKind::PsqtRows, false},
        {"l2_weights", n.l2_weights.data(), n.l2_weights.size(), ParamKind::DenseWeight, false},
        {"l2_bias", n.l2_bias.data(), n.l2_bias.size(), ParamKind::Bias, false},
        {"l3_weights", n.l3_weights.data(), n.l3_weights.size(), ParamKind::DenseWeight, false},
        {"l3_bias", n.l3_bias.data(), n.l3_bias.size(), ParamKind::Bias, false},
        {"out_weights", n.out_weights.data(), n.out_weights.size(), ParamKind::DenseWeight, false},
        {"out_bias", &n.out_bias, 1, ParamKind::Bias, false},
        {"factor_weights", m.factor_weights.data(), m.factor_weights.size(), ParamKind::FtRows,
         true},
        {"factor_psqt", m.factor_psqt.data(), m.factor_psqt.size(), ParamKind::PsqtRows, true},
    };
}

void initialize(Model& m, uint64_t seed) {
    SplitMix64 rng = SplitMix64::derived(seed, 0x1417);
    nnue::FloatNetwork& n = m.net;
    // Accumulators start near the middle of the clipped range [0, 1] with a
    // spread of about 0.1, so every pairwise product passes gradient.
    fill_uniform(n.ft_weights, 0.1f * std::sqrt(3.0f / ACTIVE), rng);
    std::fill(n.ft_bias.begin(), n.ft_bias.end(), 0.5f);
    std::fill(n.psqt_weights.begin(), n.psqt_weights.end(), 0.0f);
    fill_uniform(n.l2_weights, 1.0f / std::sqrt(float(L2_IN)), rng);
    fill_uniform(n.l2_bias, 1.0f / std::sqrt(float(L2_IN)), rng);
    fill_uniform(n.l3_weights, 1.0f / std::sqrt(float(L2)), rng);
    fill_uniform(n.l3_bias, 1.0f / std::sqrt(float(L2)), rng);
    fill_uniform(n.out_weights, 1.0f / std::sqrt(float(L3)), rng);
    n.out_bias = 0.0f;
    std::fill(m.factor_weights.begin(), m.factor_weights.end(), 0.0f);
    std::fill(m.factor_psqt.begin(), m.factor_psqt.end(), 0.0f);
}

nnue::FloatNetwork folded(const Model& m) {
    nnue::FloatNetwork n = m.net;
    for (size_t f = 0; f < size_t(INPUTS); ++f) {
        const size_t j = nnue::features::factor_of(nnue::FeatureIndex(f));
        float* row = &n.ft_weights[f * L1];
        const float* add = &m.factor_weights[j * L1];
        for (int i = 0; i < L1; ++i) row[i] += add[i];
        n.psqt_weights[f] += m.factor_psqt[j];
    }
    return n;
}

void clip_for_quantization(Model& m) {
    for (const ParamArray& p : parameter_arrays(m)) {
        if (p.kind == ParamKind::DenseWeight) clip(p.data, p.size, DENSE_WEIGHT_LIMIT);
        if (p.kind == ParamKind::FtRows) clip(p.data, p.size, FT_WEIGHT_LIMIT / 2);
    }
    clip(m.net.ft_bias.data(), m.net.ft_bias.size(), FT_WEIGHT_LIMIT);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
