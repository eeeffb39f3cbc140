#include "nnue/random_network.h"

#include <string>

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

FloatNetwork random_float_network(uint64_t seed) {
    SplitMix64 rng(seed);
    FloatNetwork f;
    auto normal = [&](float mean, float sd) { return random_normal(rng, mean, sd); };
    auto fill = [&](auto& v, float mean, float sd) {
        for (float& x : v) x = normal(mean, sd);
    };
    fill(f.ft_weights, 0.0f, RANDOM_FT_WEIGHT_SD);
    fill(f.ft_bias, RANDOM_FT_BIAS_MEAN, RANDOM_FT_BIAS_SD);
    fill(f.psqt_weights, 0.0f, 0.3f);
    fill(f.l2_weights, 0.0f, 0.25f);
    fill(f.l2_bias, 0.05f, 0.1f);
    fill(f.l3_weights, 0.0f, 0.5f);
    fill(f.l3_bias, 0.1f, 0.1f);
    fill(f.out_weights, 0.0f, 0.6f);
    f.out_bias = normal(0.0f, 0.1f);
    return f;
}

Network random_network(uint64_t seed) {
    Network n = quantize(random_float_network(seed));
    n.description = "random net, seed " + std::to_string(seed);
    return n;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
