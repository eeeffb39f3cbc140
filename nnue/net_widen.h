// A net carried to a wider first layer without changing what it evaluates
// (function-preserving widening, as Net2Net): the stored neurons keep their
// weights, each half of the accumulator grows by the same number of new
// neurons with fresh random transformer weights (random_network.h's), and
// the first dense layer gives the new neurons' products zero weight. So the
// wider net scores every position as the narrow one did, and fine-tuning it
// (`pantheon train --init`) trains the new neurons from there: their products
// are not zero, so their dense weights receive gradients at once.
#pragma once

#include <cstdint>
#include <string>

#include "nnue/net_file.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

// This build's net (arch::L1 wide) from a stored net of a width not above
// it; `seed` draws the new neurons' weights (the same seed, the same bytes).
// The description is kept. False with the reason in error for a wider stored
// net or weights out of range.
bool widen_network(const StoredNet& stored, uint64_t seed, Network& net,
                   std::string* error = nullptr);

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
