// 64-bit checksum (the XXH64 construction: four multiply-rotate lanes over
// 32-byte stripes, then an avalanche), written here so file formats (game
// data, net files) need no extra dependency. Detects any corruption a storage
// or transfer error plausibly causes; not a cryptographic hash.
#pragma once

#include <cstdint>
#include <span>

namespace pantheon {

uint64_t checksum64(std::span<const uint8_t> bytes, uint64_t seed = 0);

// Continues a checksum over several pieces as if they were one buffer.
class Checksum64 {
  public:
    explicit Checksum64(uint64_t seed = 0);
    void update(std::span<const uint8_t> bytes);
    uint64_t digest() const;

  private:
    uint64_t lanes_[4];
    uint64_t seed_;
    uint64_t total_ = 0;
    uint8_t buffer_[32];
    uint32_t buffered_ = 0;
};

}  // namespace pantheon
