// A fingerprint of the search's behaviour: a few fixed node-limited searches
// whose results are hashed. Any change to search or evaluation that could
// change self-play games almost surely changes it, so the manifest can refuse
// to resume a run with a different engine.
#pragma once

#include <cstdint>

#include "engine/core/variant.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

uint64_t engine_fingerprint();

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
