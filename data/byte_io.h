// Little-endian integers and LEB128 varints over byte buffers. The reader
// never reads past its end: a short or malformed input sets failed() and
// yields zeros, so decoders check once per unit instead of per byte.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

namespace pantheon::data {

constexpr uint64_t zigzag_encode(int64_t v) {
    return (uint64_t(v) << 1) ^ uint64_t(v >> 63);
}
constexpr int64_t zigzag_decode(uint64_t v) {
    return int64_t(v >> 1) ^ -int64_t(v & 1);
}

class ByteWriter {
  public:
    explicit ByteWriter(std::vector<uint8_t>& out) : out_(out) {}
    void u8(uint8_t v) { out_.push_back(v); }
    void u16(uint16_t v) { fixed(v, 2); }
    void u32(uint32_t v) { fixed(v, 4); }
    void u64(uint64_t v) { fixed(v, 8); }
    void varint(uint64_t v) {
        while (v >= 0x80) {
            out_.push_back(uint8_t(v | 0x80));
            v >>= 7;
        }
        out_.push_back(uint8_t(v));
    }
    void svarint(int64_t v) { varint(zigzag_encode(v)); }
    void bytes(std::span<const uint8_t> b) { out_.insert(out_.end(), b.begin(), b.end()); }

  private:
    void fixed(uint64_t v, int n) {
        for (int i = 0; i < n; ++i) out_.push_back(uint8_t(v >> (8 * i)));
    }
    std::vector<uint8_t>& out_;
};

class ByteReader {
  public:
    ByteReader() = default;
    explicit ByteReader(std::span<const uint8_t> in) : p_(in.data()), end_(in.data() + in.size()) {}

    bool failed() const { return failed_; }
    bool at_end() const { return p_ == end_; }
    size_t remaining() const { return size_t(end_ - p_); }

    uint8_t u8() {
        if (p_ == end_) return fail();
        return *p_++;
    }
    uint16_t u16() { return uint16_t(fixed(2)); }
    uint32_t u32() { return uint32_t(fixed(4)); }
    uint64_t u64() { return fixed(8); }
    uint64_t varint() {
        uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (p_ == end_) return fail();
            const uint8_t b = *p_++;
            v |= uint64_t(b & 0x7F) << shift;
            if (!(b & 0x80)) return v;
        }
        return fail();  // more than 10 bytes: malformed
    }
    int64_t svarint() { return zigzag_decode(varint()); }
    // A sub-range of n bytes, consumed from this reader.
    std::span<const uint8_t> take(size_t n) {
        if (remaining() < n) {
            fail();
            return {};
        }
        std::span<const uint8_t> s(p_, n);
        p_ += n;
        return s;
    }

  private:
    uint8_t fail() {
        failed_ = true;
        p_ = end_;
        return 0;
    }
    uint64_t fixed(int n) {
        if (remaining() < size_t(n)) return fail();
        uint64_t v = 0;
        for (int i = 0; i < n; ++i) v |= uint64_t(p_[i]) << (8 * i);
        p_ += n;
        return v;
    }

    const uint8_t* p_ = nullptr;
    const uint8_t* end_ = nullptr;
    bool failed_ = false;
};

}  // namespace pantheon::data
