// SHA-256 against the FIPS 180 example messages (NIST's published digests),
// split updates against whole ones, and files against their bytes.
#include "util/sha256.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace pantheon::util {
namespace {

TEST(Sha256, FipsExampleMessages) {
    EXPECT_EQ(sha256_hex(std::string_view("abc")),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256_hex(std::string_view("")),
              "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256_hex(std::string_view(
                  "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),  // 448 bits
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, AnySplitOfTheMessageGivesTheSameDigest) {
    std::string message;
    for (int i = 0; i < 300; ++i) message += char('a' + i * 7 % 26);
    const std::string whole = sha256_hex(message);
    // Splits around the 64-byte block and the 56-byte padding boundary.
    for (size_t split : {size_t(0), size_t(1), size_t(55), size_t(56), size_t(63), size_t(64),
                         size_t(65), size_t(128), size_t(299)}) {
        Sha256 h;
        h.update(std::string_view(message).substr(0, split));
        h.update(std::string_view(message).substr(split));
        EXPECT_EQ(h.finish_hex(), whole) << "split at " << split;
    }
    // Empty updates change nothing, whatever their data pointer.
    Sha256 with_empty;
    with_empty.update(std::span<const uint8_t>());
    with_empty.update(message);
    with_empty.update(std::span<const uint8_t>());
    EXPECT_EQ(with_empty.finish_hex(), whole);
    // Lengths whose padding needs a second block.
    EXPECT_NE(sha256_hex(message.substr(0, 55)), sha256_hex(message.substr(0, 56)));
}

TEST(Sha256, FileDigestEqualsTheDigestOfItsBytes) {
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("pantheon_sha256_test_" + std::to_string(getpid())))
                                 .string();
    std::string bytes;
    for (int i = 0; i < 3'000'000; ++i) bytes += char(i * 31 % 251);  // spans several reads
    {
        std::ofstream out(path, std::ios::binary);
        out << bytes;
    }
    std::string hex, error;
    ASSERT_TRUE(sha256_file(path, hex, &error)) << error;
    EXPECT_EQ(hex, sha256_hex(bytes));
    std::filesystem::remove(path);
    EXPECT_FALSE(sha256_file(path, hex, &error));
    EXPECT_NE(error.find(path), std::string::npos) << error;
}

}  // namespace
}  // namespace pantheon::util
