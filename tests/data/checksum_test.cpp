#include "data/checksum.h"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "data/byte_io.h"
#include "engine/core/random.h"

namespace pantheon::data {
namespace {

std::span<const uint8_t> bytes_of(std::string_view s) {
    return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

TEST(Checksum, MatchesPublishedXxh64Values) {
    EXPECT_EQ(checksum64(bytes_of("")), 0xEF46DB3751D8E999ull);
    EXPECT_EQ(checksum64(bytes_of("abc")), 0x44BC2CF5AD770999ull);
}

// Values of the project's own XXH64, which wrote every file before libxxhash
// took over: the library must give them bit for bit (seeds 0 and 0x7E57, the
// batch source's, over prefixes of one seeded buffer).
TEST(Checksum, GivesTheValuesOfEarlierFiles) {
    struct Pinned {
        size_t length;
        uint64_t seed0, seed7e57;
    };
    constexpr Pinned PINNED[] = {
        {0, 0xEF46DB3751D8E999ull, 0xA2737D460BF86A52ull},
        {1, 0xAC5DD49694422F3Aull, 0xB5BD7DB70CF0AD71ull},
        {3, 0x35712A219241DF79ull, 0x8F73AE804D2BE1F0ull},
        {4, 0x8364F1840F6F251Aull, 0x0034B2037BED2C26ull},
        {7, 0x3C80E629D021A0AAull, 0x634DE29125B2C84Cull},
        {8, 0x44BEB893EA65F45Full, 0x4E633F2BE0E07D58ull},
        {9, 0xED2134EF63FB2D7Dull, 0x8E203CC5223A1AF7ull},
        {31, 0x0B76D8031194372Aull, 0xC08E8B650AF05AAAull},
        {32, 0xDCFA45EC38C64708ull, 0x199BFB5E066156FEull},
        {33, 0xC568C698A59036BEull, 0x0ED3486D90C7AA9Eull},
        {63, 0x87530BCD538004D5ull, 0x4C8AAD2F23340AE3ull},
        {64, 0xC2F550AD39E34B47ull, 0xD639F4D3968F4135ull},
        {100, 0xAD2D53E554A6DB3Full, 0xA3ABBA5B0FD1211Bull},
        {1000, 0xEE1CBCAB3124E73Cull, 0xEE506CFFE811E2D1ull},
    };
    SplitMix64 rng(1);
    std::vector<uint8_t> data(1000);
    for (auto& b : data) b = uint8_t(rng.next());
    for (const Pinned& p : PINNED) {
        const auto part = std::span<const uint8_t>(data).first(p.length);
        EXPECT_EQ(checksum64(part), p.seed0) << "length " << p.length;
        EXPECT_EQ(checksum64(part, 0x7E57), p.seed7e57) << "length " << p.length;
    }
}

// An empty span without data (a default span, an empty vector's data()) is
// empty input, not a null pointer handed to memcpy (found by data_file_fuzz).
TEST(Checksum, EmptySpanWithoutDataIsEmptyInput) {
    EXPECT_EQ(checksum64(std::span<const uint8_t>()), 0xEF46DB3751D8E999ull);
    Checksum64 c;
    c.update(bytes_of("ab"));
    c.update(std::span<const uint8_t>());
    c.update(bytes_of("c"));
    EXPECT_EQ(c.digest(), 0x44BC2CF5AD770999ull);
}

TEST(Checksum, StreamingEqualsOneShotForAnySplit) {
    SplitMix64 rng(7);
    std::vector<uint8_t> data(1000);
    for (auto& b : data) b = uint8_t(rng.next());
    for (size_t len : {0, 1, 3, 4, 7, 8, 31, 32, 33, 63, 64, 100, 1000}) {
        const auto part = std::span<const uint8_t>(data).first(len);
        const uint64_t expected = checksum64(part);
        for (int trial = 0; trial < 20; ++trial) {
            Checksum64 c;
            size_t pos = 0;
            while (pos < len) {
                const size_t n = std::min<size_t>(len - pos, rng.below(40));
                c.update(part.subspan(pos, n));
                pos += n;
            }
            ASSERT_EQ(c.digest(), expected) << "length " << len;
        }
    }
}

TEST(Checksum, EverySingleBitFlipChangesIt) {
    SplitMix64 rng(11);
    std::vector<uint8_t> data(300);
    for (auto& b : data) b = uint8_t(rng.next());
    const uint64_t base = checksum64(data);
    for (size_t i = 0; i < data.size(); ++i)
        for (int bit = 0; bit < 8; ++bit) {
            data[i] ^= uint8_t(1 << bit);
            ASSERT_NE(checksum64(data), base) << "byte " << i << " bit " << bit;
            data[i] ^= uint8_t(1 << bit);
        }
}

TEST(ByteIo, VarintsRoundTripAndTruncationIsDetected) {
    std::vector<uint8_t> buf;
    ByteWriter w(buf);
    const int64_t values[] = {0,   1,      -1,    63,    -64,       64,       127,
                              128, -32000, 32000, 64000, INT64_MIN, INT64_MAX};
    for (int64_t v : values) w.svarint(v);
    w.u16(0xBEEF);
    w.u64(0x0123456789ABCDEFull);
    ByteReader r(buf);
    for (int64_t v : values) EXPECT_EQ(r.svarint(), v);
    EXPECT_EQ(r.u16(), 0xBEEF);
    EXPECT_EQ(r.u64(), 0x0123456789ABCDEFull);
    EXPECT_TRUE(r.at_end());
    EXPECT_FALSE(r.failed());

    for (size_t cut = 0; cut < buf.size(); ++cut) {
        ByteReader t(std::span<const uint8_t>(buf).first(cut));
        for (size_t i = 0; i < std::size(values); ++i) t.svarint();
        t.u16();
        t.u64();
        EXPECT_TRUE(t.failed()) << "cut at " << cut;
    }
    const std::vector<uint8_t> endless(12, 0xFF);  // a varint that never ends
    ByteReader bad(endless);
    bad.varint();
    EXPECT_TRUE(bad.failed());
}

}  // namespace
}  // namespace pantheon::data
