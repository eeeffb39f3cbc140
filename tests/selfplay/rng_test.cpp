#include "selfplay/rng.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

namespace pantheon::selfplay {
namespace {

TEST(SelfplayRng, DerivedSeedsDependOnEveryPartAndItsOrder) {
    std::set<uint64_t> seeds;
    for (uint64_t seed = 0; seed < 4; ++seed)
        for (uint64_t a = 0; a < 16; ++a)
            for (uint64_t b = 0; b < 16; ++b) seeds.insert(derive_seed(seed, {a, b}));
    EXPECT_EQ(seeds.size(), 4u * 16u * 16u);
    EXPECT_NE(derive_seed(1, {2, 3}), derive_seed(1, {3, 2}));
    EXPECT_NE(derive_seed(1, {2}), derive_seed(1, {2, 0}));
}

TEST(SelfplayRng, SameSeedSameSequence) {
    Rng a(42), b(42), c(43);
    bool differs = false;
    for (int i = 0; i < 100; ++i) {
        const uint64_t x = a.next();
        EXPECT_EQ(x, b.next());
        differs |= x != c.next();
    }
    EXPECT_TRUE(differs);
}

TEST(SelfplayRng, BelowStaysInRangeAndHitsEveryValue) {
    Rng rng(7);
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

TEST(SelfplayRng, KeyedPermuteIsABijectionThatDependsOnTheKey) {
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

}  // namespace
}  // namespace pantheon::selfplay
