// Networks from seeded random float weights of a trained net's magnitude
// (accumulators use the clipped range): for tests and speed benchmarks, never
// for play. The same seed gives the same net.
#pragma once

#include <cstdint>

#include "nnue/float_network.h"
#include "nnue/network.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

FloatNetwork random_float_network(uint64_t seed);
Network random_network(uint64_t seed);  // quantized, with a description naming the seed

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
