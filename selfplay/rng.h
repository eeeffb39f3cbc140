// Reproducible randomness for self-play. Every random choice of a game comes
// from a generator seeded by mixing (run seed, stream, game index, ...), so a
// game depends only on its index and the settings, never on threads or time.
// Own integer-range code (not <random> distributions, whose output differs
// between standard libraries).
#pragma once

#include <cstdint>
#include <initializer_list>

namespace pantheon::selfplay {

// The SplitMix64 finaliser: a bijective, well-avalanching 64-bit mixer.
constexpr uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Independent random streams of one run (the numbers only need to differ).
enum class Stream : uint64_t {
    Opening = 0x4F50454E,  // random opening plies and book choice of a game
    Game = 0x47414D45,     // choices during a game (multi-PV random moves)
    Book = 0x424F4F4B,     // the order in which book positions are dealt out
};

// One 64-bit seed from a run seed and any number of parts; order matters.
constexpr uint64_t derive_seed(uint64_t seed, std::initializer_list<uint64_t> parts) {
    uint64_t h = mix64(seed ^ 0x50414E5448454F4Eull);
    uint64_t i = 0;
    for (uint64_t p : parts) h = mix64(h + mix64(p + 0x9E3779B97F4A7C15ull * ++i));
    return h;
}

// A keyed bijection of [0, n) (n >= 1): a 4-round Feistel network on the
// smallest even bit width covering n, cycle-walking until the value lies
// below n. Deals out n items in a seeded order without storing the order.
constexpr uint64_t keyed_permute(uint64_t x, uint64_t n, uint64_t key) {
    int half = 1;
    while ((uint64_t(1) << (2 * half)) < n) ++half;
    const uint64_t mask = (uint64_t(1) << half) - 1;
    do {
        uint64_t left = x >> half, right = x & mask;
        for (uint64_t round = 0; round < 4; ++round) {
            const uint64_t f = mix64(right ^ mix64(key + round)) & mask;
            const uint64_t next_right = left ^ f;
            left = right;
            right = next_right;
        }
        x = (left << half) | right;
    } while (x >= n);
    return x;
}

// xoshiro256**: fast, 256-bit state, good statistical quality.
class Rng {
  public:
    explicit constexpr Rng(uint64_t seed) {
        for (uint64_t& word : s_) {
            seed += 0x9E3779B97F4A7C15ull;
            word = mix64(seed);
        }
    }

    constexpr uint64_t next() {
        const uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // Uniform in [0, n) for n >= 1, without modulo bias (Lemire's method).
    constexpr uint64_t below(uint64_t n) {
        unsigned __int128 m = (unsigned __int128)next() * n;
        uint64_t low = uint64_t(m);
        if (low < n) {
            const uint64_t threshold = -n % n;
            while (low < threshold) {
                m = (unsigned __int128)next() * n;
                low = uint64_t(m);
            }
        }
        return uint64_t(m >> 64);
    }

    // Uniform in [lo, hi] (lo <= hi).
    constexpr int between(int lo, int hi) { return lo + int(below(uint64_t(hi - lo) + 1)); }

  private:
    static constexpr uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    uint64_t s_[4]{};
};

}  // namespace pantheon::selfplay
