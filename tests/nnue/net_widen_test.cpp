#include "nnue/net_widen.h"

#include <gtest/gtest.h>

#include <random>

#include "engine/core/checksum.h"
#include "nnue/evaluate.h"
#include "nnue_test_support.h"
#include "tests/engine/random_position.h"

namespace pantheon::nnue {
namespace {

constexpr int NARROW = arch::L1 / 2;
constexpr int HALF = arch::L1 / 2;
constexpr int OLD_HALF = NARROW / 2;

// A random net `width` wide (the first-layer arrays cut or grown).
Network net_of_width(int width) {
    Network net = test::random_network(41);
    net.ft_bias.resize(width);
    net.ft_weights.resize(size_t(arch::INPUTS) * width);
    net.l2_weights.resize(size_t(arch::L2) * width);
    return net;
}

// A random net of half this build's width, as a file stores it.
StoredNet narrow_stored_net() {
    StoredNet stored;
    std::string error;
    EXPECT_TRUE(read_stored_net(serialize_network(net_of_width(NARROW)), stored, &error)) << error;
    return stored;
}

Network widened(const StoredNet& stored, uint64_t seed) {
    Network net;
    std::string error;
    EXPECT_TRUE(widen_network(stored, seed, net, &error)) << error;
    return net;
}

TEST(NetWiden, AFileOfAnotherWidthIsReadAtItsWidthAndRefusedByTheLoader) {
    const StoredNet stored = narrow_stored_net();
    EXPECT_EQ(stored.width, NARROW);
    Network narrow;
    ASSERT_TRUE(unpack_stored_net(stored, narrow));
    EXPECT_EQ(narrow.ft_bias.size(), size_t(NARROW));
    Network net;
    std::string error;
    EXPECT_FALSE(deserialize_network(serialize_network(net_of_width(NARROW)), net, &error));
    EXPECT_NE(error.find(std::to_string(NARROW) + " wide"), std::string::npos) << error;
    EXPECT_NE(error.find("net widen"), std::string::npos) << error;
}

TEST(NetWiden, KeepsEveryStoredWeightInItsPlaceAndGivesNewProductsZeroWeight) {
    const StoredNet stored = narrow_stored_net();
    Network narrow;
    ASSERT_TRUE(unpack_stored_net(stored, narrow));
    const Network wide = widened(stored, 7);
    for (int i = 0; i < OLD_HALF; ++i) {
        EXPECT_EQ(wide.ft_bias[i], narrow.ft_bias[i]);
        EXPECT_EQ(wide.ft_bias[HALF + i], narrow.ft_bias[OLD_HALF + i]);
    }
    for (size_t f = 0; f < size_t(arch::INPUTS); f += 97)
        for (int i = 0; i < OLD_HALF; ++i) {
            EXPECT_EQ(wide.ft_weights[f * arch::L1 + i], narrow.ft_weights[f * NARROW + i]);
            EXPECT_EQ(wide.ft_weights[f * arch::L1 + HALF + i],
                      narrow.ft_weights[f * NARROW + OLD_HALF + i]);
        }
    for (int o = 0; o < arch::L2; ++o)
        for (int k = 0; k < HALF; ++k)
            for (int side = 0; side < 2; ++side) {
                const int8_t w = wide.l2_weights[size_t(o) * arch::L2_IN + side * HALF + k];
                if (k < OLD_HALF)
                    EXPECT_EQ(w, narrow.l2_weights[size_t(o) * NARROW + side * OLD_HALF + k]);
                else
                    EXPECT_EQ(w, 0);
            }
    EXPECT_EQ(wide.psqt_weights, narrow.psqt_weights);
    EXPECT_EQ(wide.l3_weights, narrow.l3_weights);
    EXPECT_EQ(wide.out_bias, narrow.out_bias);
    EXPECT_EQ(wide.description, narrow.description);
}

TEST(NetWiden, NewNeuronsAreLiveButDoNotChangeAnyEvaluation) {
    const StoredNet stored = narrow_stored_net();
    const Network a = widened(stored, 7);
    Network silent = a;  // the new neurons switched off entirely
    for (int j = 0; j < arch::L1; ++j) {
        if (j % HALF < OLD_HALF) continue;
        silent.ft_bias[j] = 0;
        for (size_t f = 0; f < size_t(arch::INPUTS); ++f) silent.ft_weights[f * arch::L1 + j] = 0;
    }
    std::mt19937_64 rng(9);
    int live_products = 0;
    for (int i = 0; i < 40; ++i) {
        const Position pos = *Position::from_fen(test::random_valid_fen(rng));
        LayerOutputs trace;
        EXPECT_EQ(evaluate_reference(a, pos, &trace), evaluate_reference(silent, pos));
        for (int k = OLD_HALF; k < HALF; ++k) live_products += trace.l2_input[k] != 0;
    }
    // Non-zero products are what lets training give the new neurons weight.
    EXPECT_GT(live_products, 0);
}

TEST(NetWiden, TheSameSeedGivesTheSameBytesAndAnotherSeedOtherNeurons) {
    const StoredNet stored = narrow_stored_net();
    EXPECT_EQ(serialize_network(widened(stored, 7)), serialize_network(widened(stored, 7)));
    EXPECT_NE(serialize_network(widened(stored, 7)), serialize_network(widened(stored, 8)));
}

TEST(NetWiden, ThisBuildsWidthIsKeptAsItIsAndAWiderNetIsRefused) {
    const Network net = test::random_network(43);
    StoredNet same;
    ASSERT_TRUE(read_stored_net(serialize_network(net), same));
    EXPECT_TRUE(widened(same, 7) == net);

    StoredNet stored;
    ASSERT_TRUE(read_stored_net(serialize_network(net_of_width(2 * arch::L1)), stored));
    Network out;
    std::string error;
    EXPECT_FALSE(widen_network(stored, 7, out, &error));
    EXPECT_NE(error.find("at least as wide"), std::string::npos) << error;
}

TEST(NetWiden, AWidthTheHashDoesNotNameIsRefused) {
    // The weights' size says one width, the hash (at the same offset in both
    // files) another; the checksum is made to match.
    std::vector<uint8_t> bytes = serialize_network(net_of_width(NARROW));
    const std::vector<uint8_t> full = serialize_network(net_of_width(arch::L1));
    const size_t hash_at = 8 + 4 + 4 + Variant::name.size() + 4;
    for (size_t i = 0; i < 4; ++i) bytes[hash_at + i] = full[hash_at + i];
    const uint64_t sum = checksum64(std::span(bytes).first(bytes.size() - 8));
    for (int i = 0; i < 8; ++i) bytes[bytes.size() - 8 + i] = uint8_t(sum >> (8 * i));
    StoredNet stored;
    std::string error;
    EXPECT_FALSE(read_stored_net(bytes, stored, &error));
    EXPECT_NE(error.find("architecture"), std::string::npos) << error;
}

}  // namespace
}  // namespace pantheon::nnue
