// The network output straight from the definitions, the tests' reference
// (network_pass.h).
#include "trainer/network_pass.h"
#include "trainer/pass_kernels.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

using pass::clip01;

float reference_output(const nnue::FloatNetwork& net, const Batch& batch, int position) {
    float x[L2_IN];
    float psqt[2];
    for (int p = 0; p < 2; ++p) {
        float acc[L1];
        for (int i = 0; i < L1; ++i) acc[i] = net.ft_bias[size_t(i)];
        psqt[p] = 0;
        const nnue::FeatureIndex* f = batch.of(position, p);
        for (int k = 0; k < ACTIVE; ++k) {
            for (int i = 0; i < L1; ++i) acc[i] += net.ft_weights[size_t(f[k]) * L1 + size_t(i)];
            psqt[p] += net.psqt_weights[f[k]];
        }
        for (int i = 0; i < HALF; ++i) x[p * HALF + i] = clip01(acc[i]) * clip01(acc[i + HALF]);
    }
    float a2[L2], a3[L3];
    for (int o = 0; o < L2; ++o) {
        float s = net.l2_bias[size_t(o)];
        for (int i = 0; i < L2_IN; ++i) s += net.l2_weights[size_t(o) * L2_IN + size_t(i)] * x[i];
        a2[o] = clip01(s);
    }
    for (int o = 0; o < L3; ++o) {
        float s = net.l3_bias[size_t(o)];
        for (int i = 0; i < L2; ++i) s += net.l3_weights[size_t(o) * L2 + size_t(i)] * a2[i];
        a3[o] = clip01(s);
    }
    float out = net.out_bias;
    for (int i = 0; i < L3; ++i) out += net.out_weights[size_t(i)] * a3[i];
    return out + 0.5f * (psqt[0] - psqt[1]);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
