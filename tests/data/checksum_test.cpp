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
