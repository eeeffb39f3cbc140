// Networks from seeded random float weights of a trained net's magnitude
// (accumulators use the clipped range): for tests and speed benchmarks, never
// for play. The same seed gives the same net.
#pragma once

#include <cstdint>

#include "engine/core/random.h"
#include "nnue/float_network.h"
#include "nnue/network.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

// A fresh transformer neuron, in float units: weights N(0, sd), bias
// N(mean, sd). Also what `net widen` gives the neurons it adds.
constexpr float RANDOM_FT_WEIGHT_SD = 0.06f;
constexpr float RANDOM_FT_BIAS_MEAN = 0.3f;
constexpr float RANDOM_FT_BIAS_SD = 0.2f;

// One draw of N(mean, sd) from the project's generator (SplitMix64::gaussian),
// never the standard library's distributions, whose values differ between
// libraries: a seed names the same weights everywhere. Rounded to float
// before the mean is added: no multiply-add for the compiler to fuse, so the
// bits do not depend on the instruction set.
inline float random_normal(SplitMix64& rng, float mean, float sd) {
    const float deviation = float(rng.gaussian(sd));
    return mean + deviation;
}

FloatNetwork random_float_network(uint64_t seed);
Network random_network(uint64_t seed);  // quantized, with a description naming the seed

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
