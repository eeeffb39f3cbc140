// 64-bit checksum of file formats (game data, net files, checkpoints): XXH64
// from libxxhash. Detects any corruption a storage or transfer error plausibly
// causes; not a cryptographic hash. Files written before the library was used
// carry the same values (the project's own XXH64 was bit-identical; the pinned
// vectors of tests/data/checksum_test.cpp hold both to it).
#pragma once

#include <cstdint>
#include <span>

#define XXH_STATIC_LINKING_ONLY  // XXH64_state_t by value: no allocation per checksum
#include <xxhash.h>

namespace pantheon {

uint64_t checksum64(std::span<const uint8_t> bytes, uint64_t seed = 0);

// Continues a checksum over several pieces as if they were one buffer.
class Checksum64 {
  public:
    explicit Checksum64(uint64_t seed = 0);
    void update(std::span<const uint8_t> bytes);
    uint64_t digest() const;

  private:
    XXH64_state_t state_;
};

}  // namespace pantheon
