#include "nnue/net_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "engine/core/checksum.h"
#include "nnue/evaluate.h"
#include "nnue_test_support.h"
#include "tests/engine/random_position.h"
#include "tests/full_disk.h"
#include "tests/test_dir.h"

namespace pantheon::nnue {
namespace {

// One random net and its file, shared by the tests (building them takes a moment).
const Network& sample_net() {
    static const Network net = test::random_network(21);
    return net;
}
const std::vector<uint8_t>& sample_file() {
    static const std::vector<uint8_t> bytes = serialize_network(sample_net());
    return bytes;
}

// Header offsets (docs/NNUE.md): magic 8, version 4, name length 4, name.
constexpr size_t VERSION_AT = 8;
constexpr size_t NAME_AT = 16;
size_t feature_set_at() {
    return NAME_AT + Variant::name.size();
}
size_t arch_at() {
    return feature_set_at() + 4;
}

void put32(std::vector<uint8_t>& b, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = uint8_t(v >> (8 * i));
}
// Rewrites the trailing checksum so only the field under test is wrong.
void reseal(std::vector<uint8_t>& b) {
    const uint64_t c = checksum64(std::span(b).first(b.size() - 8));
    for (int i = 0; i < 8; ++i) b[b.size() - 8 + i] = uint8_t(c >> (8 * i));
}

std::string load_error(const std::vector<uint8_t>& bytes) {
    Network net;
    std::string error;
    EXPECT_FALSE(deserialize_network(bytes, net, &error));
    EXPECT_FALSE(error.empty());
    return error;
}

TEST(NetFile, RoundTripKeepsEveryParameterAndEvaluatesIdentically) {
    const Network& original = sample_net();
    Network loaded;
    std::string error;
    ASSERT_TRUE(deserialize_network(sample_file(), loaded, &error)) << error;
    EXPECT_TRUE(loaded == original);
    EXPECT_EQ(loaded.description, original.description);
    std::mt19937_64 rng(5);
    for (int i = 0; i < 50; ++i) {
        const Position pos = *Position::from_fen(test::random_valid_fen(rng));
        EXPECT_EQ(evaluate_reference(loaded, pos), evaluate_reference(original, pos));
    }
}

TEST(NetFile, SameSeedGivesTheSameNet) {
    EXPECT_TRUE(test::random_network(21) == sample_net());
    EXPECT_EQ(serialize_network(sample_net()), sample_file());  // saving is deterministic
}

TEST(NetFile, FileRoundTripAndFailedLoadKeepsTheNet) {
    const pantheon::test::TestDir test_dir;
    const std::filesystem::path& dir = test_dir.path();
    const std::string path = (dir / "net.nnue").string();
    const Network& original = sample_net();
    std::string error;
    ASSERT_TRUE(save_network_file(path, original, &error)) << error;
    Network loaded;
    ASSERT_TRUE(load_network_file(path, loaded, &error)) << error;
    EXPECT_TRUE(loaded == original);

    EXPECT_FALSE(load_network_file((dir / "missing.nnue").string(), loaded, &error));
    EXPECT_NE(error.find("cannot open"), std::string::npos) << error;
    EXPECT_TRUE(loaded == original);
    std::filesystem::resize_file(path, 1000);
    EXPECT_FALSE(load_network_file(path, loaded, &error));
    EXPECT_NE(error.find("truncated"), std::string::npos) << error;
    EXPECT_TRUE(loaded == original);
}

TEST(NetFile, AFullDiskKeepsTheOldNetAndSaysWhy) {
    const pantheon::test::TestDir test_dir;
    const std::filesystem::path& dir = test_dir.path();
    const std::string path = (dir / "net.nnue").string();
    std::string error;
    ASSERT_TRUE(save_network_file(path, sample_net(), &error)) << error;
    const auto before = std::filesystem::file_size(path);
    {
        pantheon::test::FullDisk full(before / 2);
        EXPECT_FALSE(save_network_file(path, test::random_network(22), &error));
    }
    EXPECT_NE(error.find("'" + path + "'"), std::string::npos) << error;
    EXPECT_NE(error.find("File too large"), std::string::npos) << error;
    // The old net, whole, and nothing beside it.
    Network loaded;
    ASSERT_TRUE(load_network_file(path, loaded, &error)) << error;
    EXPECT_TRUE(loaded == sample_net());
    EXPECT_EQ(pantheon::test::directory_names(dir), std::set<std::string>{"net.nnue"});
}

TEST(NetFile, RefusesTruncationAtEveryLength) {
    const auto& bytes = sample_file();
    Network net = sample_net();
    net.out_bias += 1;
    const Network before = net;
    for (size_t n = 0; n < bytes.size(); ++n) {
        std::string error;
        ASSERT_FALSE(deserialize_network(std::span(bytes).first(n), net, &error)) << n;
        ASSERT_NE(error.find("truncated"), std::string::npos) << n << ": " << error;
    }
    EXPECT_TRUE(net == before);
}

TEST(NetFile, RefusesTrailingBytes) {
    auto bytes = sample_file();
    bytes.push_back(0);
    EXPECT_NE(load_error(bytes).find("trailing"), std::string::npos);
}

TEST(NetFile, RefusesEveryFlippedByteOfTheHeaderAndSampledOthers) {
    const auto& original = sample_file();
    std::vector<size_t> positions;
    for (size_t i = 0; i < 96; ++i) positions.push_back(i);
    for (size_t i = original.size() - 16; i < original.size(); ++i) positions.push_back(i);
    std::mt19937_64 rng(9);
    for (int i = 0; i < 60; ++i) positions.push_back(rng() % original.size());
    auto bytes = original;
    Network net = sample_net();
    net.out_bias += 1;
    const Network before = net;
    for (size_t at : positions) {
        for (uint8_t mask : {uint8_t(0x01), uint8_t(0x80), uint8_t(0xFF)}) {
            bytes[at] ^= mask;
            std::string error;
            ASSERT_FALSE(deserialize_network(bytes, net, &error)) << at;
            ASSERT_FALSE(error.empty());
            bytes[at] ^= mask;
        }
    }
    EXPECT_TRUE(net == before);
}

TEST(NetFile, RefusesRandomBytesAndRandomlyDamagedHeaders) {
    std::mt19937_64 rng(13);
    const auto& original = sample_file();
    Network net = sample_net();
    net.out_bias += 1;
    const Network before = net;
    for (int i = 0; i < 2000; ++i) {
        std::vector<uint8_t> bytes;
        if (i % 2) {
            // A real header (up to the weights) with random bytes overwritten.
            bytes.assign(original.begin(), original.begin() + 80 + rng() % 64);
            for (int k = 0; k < 1 + int(rng() % 4); ++k)
                bytes[rng() % bytes.size()] = uint8_t(rng());
        } else {
            bytes.resize(rng() % 300);
            for (auto& b : bytes) b = uint8_t(rng());
            if (i % 4 == 0 && bytes.size() >= 8) std::copy(NET_MAGIC, NET_MAGIC + 8, bytes.begin());
        }
        std::string error;
        ASSERT_FALSE(deserialize_network(bytes, net, &error)) << i;
        ASSERT_EQ(error.rfind("net file: ", 0), 0u) << error;
    }
    EXPECT_TRUE(net == before);
}

TEST(NetFile, SaysWhichHeaderFieldIsWrong) {
    {
        auto b = sample_file();
        b[0] = 'X';
        EXPECT_NE(load_error(b).find("magic"), std::string::npos);
    }
    {
        auto b = sample_file();
        put32(b, VERSION_AT, NET_FORMAT_VERSION + 1);
        reseal(b);
        EXPECT_NE(load_error(b).find("version"), std::string::npos);
    }
    {
        auto b = sample_file();
        b[NAME_AT] = 'x';  // "xansindam"
        reseal(b);
        EXPECT_NE(load_error(b).find("wrong variant"), std::string::npos);
    }
    {
        auto b = sample_file();
        put32(b, feature_set_at(), features::FEATURE_SET_ID ^ 1);
        reseal(b);
        EXPECT_NE(load_error(b).find("feature set"), std::string::npos);
    }
    {
        auto b = sample_file();
        put32(b, arch_at(), arch::hash() + 1);
        reseal(b);
        EXPECT_NE(load_error(b).find("architecture"), std::string::npos);
    }
}

TEST(NetFile, RefusesABadChecksumAndUndecompressableWeights) {
    auto b = sample_file();
    b[b.size() - 100] ^= 0x10;  // inside the compressed weights
    EXPECT_NE(load_error(b).find("checksum"), std::string::npos);
    // The same damage with a matching checksum: zstd or the size check refuses it.
    auto c = sample_file();
    const size_t weights_at = arch_at() + 8 + sample_net().description.size() + 16;
    for (size_t i = 0; i < 8; ++i) c[weights_at + i] ^= 0xA5;  // the zstd frame header
    reseal(c);
    EXPECT_NE(load_error(c).find("decompress"), std::string::npos) << load_error(c);
}

TEST(NetFile, RefusesOutOfRangeValuesEvenWithAValidChecksum) {
    Network net = sample_net();
    net.l2_weights[5] = -128;
    EXPECT_NE(load_error(serialize_network(net)).find("weight"), std::string::npos);
    net = sample_net();
    net.l3_bias[0] = BIAS_LIMIT + 1;
    EXPECT_NE(load_error(serialize_network(net)).find("bias"), std::string::npos);
}

}  // namespace
}  // namespace pantheon::nnue
