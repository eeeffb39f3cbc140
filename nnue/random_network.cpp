#include "nnue/random_network.h"

#include <random>
#include <string>

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

FloatNetwork random_float_network(uint64_t seed) {
    std::mt19937_64 rng(seed);
    FloatNetwork f;
    auto fill = [&](auto& v, float mean, float sd) {
        std::normal_distribution<float> d(mean, sd);
        for (float& x : v) x = d(rng);
    };
    fill(f.ft_weights, 0.0f, 0.06f);
    fill(f.ft_bias, 0.3f, 0.2f);
    fill(f.psqt_weights, 0.0f, 0.3f);
    fill(f.l2_weights, 0.0f, 0.25f);
    fill(f.l2_bias, 0.05f, 0.1f);
    fill(f.l3_weights, 0.0f, 0.5f);
    fill(f.l3_bias, 0.1f, 0.1f);
    fill(f.out_weights, 0.0f, 0.6f);
    f.out_bias = std::normal_distribution<float>(0.0f, 0.1f)(rng);
    return f;
}

Network random_network(uint64_t seed) {
    Network n = quantize(random_float_network(seed));
    n.description = "random net, seed " + std::to_string(seed);
    return n;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
