// A small, fully specified random generator (SplitMix64) so that shuffles and
// generated test data depend only on the seed, never on the standard
// library's distribution implementations.
#pragma once

#include <cstdint>
#include <utility>

namespace pantheon::data {

class Rng {
  public:
    explicit Rng(uint64_t seed) : state_(seed) {}
    // Independent stream for (seed, index), e.g. one per game or per epoch.
    static Rng derived(uint64_t seed, uint64_t index) {
        Rng r(seed ^ (index * 0xD1B54A32D192ED03ull + 0x8CB92BA72F3D8DD7ull));
        r.next();
        return r;
    }
    uint64_t next() {
        uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, n) (multiply-shift; the bias is below 2^-32 for n < 2^32).
    uint64_t below(uint64_t n) { return uint64_t((__uint128_t(next()) * n) >> 64); }
    double real01() { return double(next() >> 11) * 0x1.0p-53; }
    bool chance(double p) { return real01() < p; }
    // Roughly normal (sum of four uniforms), mean 0 and the given deviation.
    double gaussian(double sigma) {
        const double s = real01() + real01() + real01() + real01() - 2.0;
        return s * sigma * 1.7320508075688772;  // variance of the sum is 4/12
    }
    template <class It>
    void shuffle(It first, It last) {
        for (auto n = last - first; n > 1; --n) std::swap(first[n - 1], first[below(uint64_t(n))]);
    }

  private:
    uint64_t state_;
};

}  // namespace pantheon::data
