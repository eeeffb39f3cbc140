// The project's reproducible random generators, defined once. Every random
// choice (Zobrist keys, openings, shuffles, generated test data) depends only
// on its seed, never on the standard library's distributions, the machine or
// the thread that draws it.
//
// - mix64 / splitmix64: the SplitMix64 finaliser and generator step.
// - SplitMix64: a small sequential generator (shuffles, book orders, test data).
// - Xoshiro256: a larger-state generator for long streams (self-play games).
// - derive_seed: one seed from a run seed and any number of parts.
// - keyed_permute: a seeded bijection of [0, n) without storing the order.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <utility>

namespace pantheon {

inline constexpr uint64_t GOLDEN_GAMMA = 0x9E3779B97F4A7C15ull;

// The SplitMix64 finaliser: a bijective, well-avalanching 64-bit mixer.
constexpr uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// One SplitMix64 step: advances `state` and returns the next output.
constexpr uint64_t splitmix64(uint64_t& state) {
    return mix64(state += GOLDEN_GAMMA);
}

class SplitMix64 {
  public:
    explicit constexpr SplitMix64(uint64_t seed) : state_(seed) {}
    // Independent stream for (seed, index), e.g. one per game or per epoch.
    static constexpr SplitMix64 derived(uint64_t seed, uint64_t index) {
        SplitMix64 r(seed ^ (index * 0xD1B54A32D192ED03ull + 0x8CB92BA72F3D8DD7ull));
        r.next();
        return r;
    }
    constexpr uint64_t next() { return splitmix64(state_); }
    // Uniform in [0, n) (multiply-shift; the bias is below 2^-32 for n < 2^32).
    constexpr uint64_t below(uint64_t n) { return uint64_t((__uint128_t(next()) * n) >> 64); }
    constexpr double real01() { return double(next() >> 11) * 0x1.0p-53; }
    constexpr bool chance(double p) { return real01() < p; }
    // Roughly normal (sum of four uniforms), mean 0 and the given deviation.
    constexpr double gaussian(double sigma) {
        const double s = real01() + real01() + real01() + real01() - 2.0;
        return s * sigma * 1.7320508075688772;  // variance of the sum is 4/12
    }
    // Fisher-Yates from the back, drawing with below().
    template <class It>
    constexpr void shuffle(It first, It last) {
        for (auto n = last - first; n > 1; --n) std::swap(first[n - 1], first[below(uint64_t(n))]);
    }

  private:
    uint64_t state_;
};

// xoshiro256**: fast, 256-bit state, good statistical quality.
class Xoshiro256 {
  public:
    explicit constexpr Xoshiro256(uint64_t seed) {
        for (uint64_t& word : s_) word = splitmix64(seed);
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

// One 64-bit seed from a run seed and any number of parts; order matters.
constexpr uint64_t derive_seed(uint64_t seed, std::initializer_list<uint64_t> parts) {
    uint64_t h = mix64(seed ^ 0x50414E5448454F4Eull);
    uint64_t i = 0;
    for (uint64_t p : parts) h = mix64(h + mix64(p + GOLDEN_GAMMA * ++i));
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

}  // namespace pantheon
