#include "nnue/random_network.h"

#include <string>

#include "engine/core/random.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

// Weights from the project's generator and its normal approximation
// (SplitMix64::gaussian), never the standard library's distributions, whose
// values differ between libraries: a seed names the same net everywhere.
FloatNetwork random_float_network(uint64_t seed) {
    SplitMix64 rng(seed);
    FloatNetwork f;
    // Rounded to float before the mean is added: no multiply-add for the
    // compiler to fuse, so the bits do not depend on the instruction set.
    auto normal = [&](float mean, float sd) {
        const float deviation = float(rng.gaussian(sd));
        return mean + deviation;
    };
    auto fill = [&](auto& v, float mean, float sd) {
        for (float& x : v) x = normal(mean, sd);
    };
    fill(f.ft_weights, 0.0f, 0.06f);
    fill(f.ft_bias, 0.3f, 0.2f);
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
