// `pantheon data bench`: bytes per position of a dataset and how fast the
// training stream decodes it. Without inputs it measures synthetic games
// (synthetic_games.h) written to a temporary file.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "engine/core/variant.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

struct DecodeBenchOptions {
    int threads = 2;
    size_t shuffle_buffer = 1 << 20;
    int synthetic_games = 16000;  // ~2.3M positions: well beyond the default shuffle buffer
    int repeat = 3;
    uint64_t seed = 1;
};

struct DecodeBenchResult {
    bool synthetic = false;
    uint64_t files = 0, games = 0, positions = 0, bytes = 0;
    double shuffled_seconds = 0;    // fastest full pass with the shuffle buffer
    double unshuffled_seconds = 0;  // fastest full pass in file order
    double bytes_per_position() const { return positions ? double(bytes) / double(positions) : 0; }
};

bool run_decode_bench(const std::vector<std::string>& inputs, const DecodeBenchOptions& options,
                      DecodeBenchResult& result, std::ostream* progress_out, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::data
