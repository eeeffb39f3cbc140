// A fingerprint of the search's behaviour: a few fixed node-limited searches
// whose results are hashed. Any change to search or evaluation that could
// change self-play games almost surely changes it, so the manifest can refuse
// to resume a run with a different engine.
#pragma once

#include <cstdint>

namespace pantheon::selfplay {

uint64_t engine_fingerprint();

}  // namespace pantheon::selfplay
