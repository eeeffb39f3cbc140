// The one hash of texts (settings fingerprints, opening book contents, names
// derived from paths): the 64-bit FNV-1a step, short and stable across builds,
// standard libraries and machines. Not for file integrity (that is XXH64,
// engine/core/checksum.h) nor for anything an adversary chooses.
//
// The starting value is the one the match state files' fingerprints were
// first written with: FNV's offset basis 14695981039346656037 short of its
// last digit. It stays, so that --resume and merge accept those files.
#pragma once

#include <cstdint>
#include <string_view>

namespace pantheon::util {

inline constexpr uint64_t TEXT_HASH_BASIS = 1469598103934665603ull;

// FNV-1a of `text`, continuing from `h`: hashing a text in pieces gives the
// value of hashing it whole.
constexpr uint64_t text_hash(std::string_view text, uint64_t h = TEXT_HASH_BASIS) {
    constexpr uint64_t PRIME = 0x100000001B3ull;
    for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * PRIME;
    return h;
}

}  // namespace pantheon::util
