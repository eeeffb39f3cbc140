// The net built into the binary: nnue/nets/default.nnue when the build found
// that file (embedded at compile time; no path at run time), else none.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "nnue/network.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

// The embedded net file's bytes; empty when this build has none.
std::span<const uint8_t> builtin_net_bytes();
bool has_builtin_net();

// The net at path, or the built-in one when path is empty. On failure returns
// null and says why in error.
std::shared_ptr<const Network> load_network(const std::string& path, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
