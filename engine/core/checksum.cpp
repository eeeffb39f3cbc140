#include "engine/core/checksum.h"

#include <bit>
#include <cstring>

namespace pantheon {

namespace {

constexpr uint64_t P1 = 0x9E3779B185EBCA87ull;
constexpr uint64_t P2 = 0xC2B2AE3D27D4EB4Full;
constexpr uint64_t P3 = 0x165667B19E3779F9ull;
constexpr uint64_t P4 = 0x85EBCA77C2B2AE63ull;
constexpr uint64_t P5 = 0x27D4EB2F165667C5ull;

inline uint64_t load64(const uint8_t* p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= uint64_t(p[i]) << (8 * i);
    return v;
}
inline uint32_t load32(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
inline uint64_t lane_round(uint64_t acc, uint64_t input) {
    return std::rotl(acc + input * P2, 31) * P1;
}
inline uint64_t merge_lane(uint64_t h, uint64_t lane) {
    return (h ^ lane_round(0, lane)) * P1 + P4;
}

}  // namespace

Checksum64::Checksum64(uint64_t seed)
    : lanes_{seed + P1 + P2, seed + P2, seed, seed - P1}, seed_(seed) {}

void Checksum64::update(std::span<const uint8_t> bytes) {
    // An empty span may have no data pointer, which memcpy must not get.
    if (bytes.empty()) return;
    const uint8_t* p = bytes.data();
    size_t n = bytes.size();
    total_ += n;
    if (buffered_) {
        const size_t fill = std::min<size_t>(32 - buffered_, n);
        std::memcpy(buffer_ + buffered_, p, fill);
        buffered_ += uint32_t(fill);
        p += fill;
        n -= fill;
        if (buffered_ < 32) return;
        for (int i = 0; i < 4; ++i) lanes_[i] = lane_round(lanes_[i], load64(buffer_ + 8 * i));
        buffered_ = 0;
    }
    for (; n >= 32; p += 32, n -= 32)
        for (int i = 0; i < 4; ++i) lanes_[i] = lane_round(lanes_[i], load64(p + 8 * i));
    std::memcpy(buffer_, p, n);
    buffered_ = uint32_t(n);
}

uint64_t Checksum64::digest() const {
    uint64_t h;
    if (total_ >= 32) {
        h = std::rotl(lanes_[0], 1) + std::rotl(lanes_[1], 7) + std::rotl(lanes_[2], 12) +
            std::rotl(lanes_[3], 18);
        for (uint64_t lane : lanes_) h = merge_lane(h, lane);
    } else {
        h = seed_ + P5;
    }
    h += total_;
    const uint8_t* p = buffer_;
    uint32_t n = buffered_;
    for (; n >= 8; p += 8, n -= 8) h = std::rotl(h ^ lane_round(0, load64(p)), 27) * P1 + P4;
    if (n >= 4) {
        h = std::rotl(h ^ (uint64_t(load32(p)) * P1), 23) * P2 + P3;
        p += 4;
        n -= 4;
    }
    for (; n > 0; ++p, --n) h = std::rotl(h ^ (*p * P5), 11) * P1;
    h ^= h >> 33;
    h *= P2;
    h ^= h >> 29;
    h *= P3;
    h ^= h >> 32;
    return h;
}

uint64_t checksum64(std::span<const uint8_t> bytes, uint64_t seed) {
    Checksum64 c(seed);
    c.update(bytes);
    return c.digest();
}

}  // namespace pantheon
