#include "engine/core/checksum.h"

namespace pantheon {

Checksum64::Checksum64(uint64_t seed) {
    XXH64_reset(&state_, seed);
}

void Checksum64::update(std::span<const uint8_t> bytes) {
    // An empty span may have no data pointer; the library need not see it.
    if (bytes.empty()) return;
    XXH64_update(&state_, bytes.data(), bytes.size());
}

uint64_t Checksum64::digest() const {
    return XXH64_digest(&state_);
}

uint64_t checksum64(std::span<const uint8_t> bytes, uint64_t seed) {
    return XXH64(bytes.data(), bytes.size(), seed);
}

}  // namespace pantheon
