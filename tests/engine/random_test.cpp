#include "engine/core/random.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

namespace pantheon {
namespace {

TEST(Random, DerivedSeedsDependOnEveryPartAndItsOrder) {
    std::set<uint64_t> seeds;
    for (uint64_t seed = 0; seed < 4; ++seed)
        for (uint64_t a = 0; a < 16; ++a)
            for (uint64_t b = 0; b < 16; ++b) seeds.insert(derive_seed(seed, {a, b}));
    EXPECT_EQ(seeds.size(), 4u * 16u * 16u);
    EXPECT_NE(derive_seed(1, {2, 3}), derive_seed(1, {3, 2}));
    EXPECT_NE(derive_seed(1, {2}), derive_seed(1, {2, 0}));
}

TEST(Random, SameSeedSameSequence) {
    Xoshiro256 a(42), b(42), c(43);
    bool differs = false;
    for (int i = 0; i < 100; ++i) {
        const uint64_t x = a.next();
        EXPECT_EQ(x, b.next());
        differs |= x != c.next();
    }
    EXPECT_TRUE(differs);
}

TEST(Random, BelowStaysInRangeAndHitsEveryValue) {
    Xoshiro256 rng(7);
    for (uint64_t n : {1ull, 2ull, 3ull, 7ull, 100ull}) {
        std::vector<int> hits(n, 0);
        for (int i = 0; i < 2000; ++i) {
            const uint64_t x = rng.below(n);
            ASSERT_LT(x, n);
            ++hits[x];
        }
        for (uint64_t v = 0; v < n; ++v) EXPECT_GT(hits[v], 0) << "n=" << n << " v=" << v;
    }
    for (int i = 0; i < 1000; ++i) {
        const int x = rng.between(6, 12);
        ASSERT_GE(x, 6);
        ASSERT_LE(x, 12);
    }
}

TEST(Random, KeyedPermuteIsABijectionThatDependsOnTheKey) {
    for (uint64_t n : {1ull, 2ull, 5ull, 16ull, 17ull, 600ull, 1000ull}) {
        std::set<uint64_t> images;
        for (uint64_t x = 0; x < n; ++x) {
            const uint64_t y = keyed_permute(x, n, 99);
            ASSERT_LT(y, n);
            images.insert(y);
        }
        EXPECT_EQ(images.size(), n);
    }
    int moved = 0;
    for (uint64_t x = 0; x < 600; ++x)
        moved += keyed_permute(x, 600, 1) != keyed_permute(x, 600, 2);
    EXPECT_GT(moved, 500);
}

// Published SplitMix64 reference outputs for seed 0 (Vigna's splitmix64.c):
// the generator every seeded choice of the project rests on.
TEST(Random, SplitMix64MatchesTheReferenceSequence) {
    SplitMix64 rng(0);
    EXPECT_EQ(rng.next(), 0xE220A8397B1DCDAFull);
    EXPECT_EQ(rng.next(), 0x6E789E6AA1B965F4ull);
    EXPECT_EQ(rng.next(), 0x06C45D188009454Full);
    uint64_t state = 0;
    EXPECT_EQ(splitmix64(state), 0xE220A8397B1DCDAFull);
}

TEST(Random, ShuffleIsAFixedPermutationOfTheSeed) {
    std::vector<int> a{0, 1, 2, 3, 4, 5, 6, 7}, b = a;
    SplitMix64(5).shuffle(a.begin(), a.end());
    SplitMix64(5).shuffle(b.begin(), b.end());
    EXPECT_EQ(a, b);
    EXPECT_TRUE(std::is_permutation(a.begin(), a.end(), b.begin()));
}

}  // namespace
}  // namespace pantheon
