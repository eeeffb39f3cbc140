// `pantheon data verify`: every chunk's checksum, full decoding, every move
// replayed as legal (repetition rule included) and every recorded game end
// checked against the final position. Chunks are checked in parallel.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/progress.h"
#include "engine/core/variant.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

struct VerifyReport {
    uint64_t files = 0, chunks = 0, games = 0, positions = 0;
    std::vector<std::string> problems;  // one line per bad file or chunk, naming it
    bool ok() const { return problems.empty(); }
};

// Problems are collected, not fatal: every file and chunk is looked at.
VerifyReport verify_inputs(const std::vector<std::string>& inputs, int threads,
                           std::ostream* progress_out);

PANTHEON_VARIANT_END
}  // namespace pantheon::data
