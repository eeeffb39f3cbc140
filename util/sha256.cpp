#include "util/sha256.h"

#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

namespace pantheon::util {

namespace {

// FIPS 180-4 section 4.2.2: the first 32 bits of the fractional parts of the
// cube roots of the first 64 primes.
constexpr std::array<uint32_t, 64> ROUND_CONSTANTS = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
    0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
    0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
    0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2};

// Section 5.3.3: the first 32 bits of the fractional parts of the square
// roots of the first 8 primes.
constexpr std::array<uint32_t, 8> INITIAL_STATE = {0x6a09e667, 0xbb67ae85, 0x3c6ef372,
                                                   0xa54ff53a, 0x510e527f, 0x9b05688c,
                                                   0x1f83d9ab, 0x5be0cd19};

constexpr size_t FILE_READ_BYTES = 1 << 20;

uint32_t load_big_endian(const uint8_t* p) {
    return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | uint32_t(p[3]);
}

}  // namespace

Sha256::Sha256() : state_(INITIAL_STATE) {}

void Sha256::compress(const uint8_t* block) {
    std::array<uint32_t, 64> w;
    for (size_t t = 0; t < 16; ++t) w[t] = load_big_endian(block + 4 * t);
    for (size_t t = 16; t < 64; ++t) {
        const uint32_t s0 = std::rotr(w[t - 15], 7) ^ std::rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
        const uint32_t s1 = std::rotr(w[t - 2], 17) ^ std::rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint32_t a = state_[0], b = state_[1], c = state_[2], d = state_[3];
    uint32_t e = state_[4], f = state_[5], g = state_[6], h = state_[7];
    for (size_t t = 0; t < 64; ++t) {
        const uint32_t sum1 = std::rotr(e, 6) ^ std::rotr(e, 11) ^ std::rotr(e, 25);
        const uint32_t choose = (e & f) ^ (~e & g);
        const uint32_t t1 = h + sum1 + choose + ROUND_CONSTANTS[t] + w[t];
        const uint32_t sum0 = std::rotr(a, 2) ^ std::rotr(a, 13) ^ std::rotr(a, 22);
        const uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
        const uint32_t t2 = sum0 + majority;
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    state_[0] += a;
    state_[1] += b;
    state_[2] += c;
    state_[3] += d;
    state_[4] += e;
    state_[5] += f;
    state_[6] += g;
    state_[7] += h;
}

void Sha256::update(std::span<const uint8_t> bytes) {
    if (bytes.empty()) return;  // an empty span may have no data pointer (memcpy must not see it)
    message_bytes_ += bytes.size();
    size_t at = 0;
    if (block_used_ > 0) {
        const size_t take = std::min(bytes.size(), block_.size() - block_used_);
        std::memcpy(block_.data() + block_used_, bytes.data(), take);
        block_used_ += take;
        at = take;
        if (block_used_ < block_.size()) return;
        compress(block_.data());
        block_used_ = 0;
    }
    for (; bytes.size() - at >= block_.size(); at += block_.size()) compress(bytes.data() + at);
    std::memcpy(block_.data(), bytes.data() + at, bytes.size() - at);
    block_used_ = bytes.size() - at;
}

void Sha256::update(std::string_view text) {
    update({reinterpret_cast<const uint8_t*>(text.data()), text.size()});
}

std::array<uint8_t, 32> Sha256::finish() {
    // Section 5.1.1: a 1 bit, zeros up to 56 bytes into a block, then the
    // message length in bits as a 64-bit big-endian number.
    const uint64_t bit_length = message_bytes_ * 8;
    block_[block_used_++] = 0x80;
    if (block_used_ > 56) {
        std::fill(block_.begin() + std::ptrdiff_t(block_used_), block_.end(), uint8_t(0));
        compress(block_.data());
        block_used_ = 0;
    }
    std::fill(block_.begin() + std::ptrdiff_t(block_used_), block_.begin() + 56, uint8_t(0));
    for (int i = 0; i < 8; ++i) block_[size_t(56 + i)] = uint8_t(bit_length >> (56 - 8 * i));
    compress(block_.data());
    std::array<uint8_t, 32> digest;
    for (size_t i = 0; i < 8; ++i)
        for (size_t j = 0; j < 4; ++j) digest[4 * i + j] = uint8_t(state_[i] >> (24 - 8 * j));
    return digest;
}

std::string Sha256::finish_hex() {
    static constexpr char DIGITS[] = "0123456789abcdef";
    std::string hex;
    for (const uint8_t byte : finish()) {
        hex += DIGITS[byte >> 4];
        hex += DIGITS[byte & 15];
    }
    return hex;
}

std::string sha256_hex(std::string_view text) {
    Sha256 h;
    h.update(text);
    return h.finish_hex();
}

std::string sha256_hex(std::span<const uint8_t> bytes) {
    Sha256 h;
    h.update(bytes);
    return h.finish_hex();
}

bool sha256_file(const std::string& path, std::string& hex, std::string* error) {
    std::unique_ptr<FILE, int (*)(FILE*)> file(std::fopen(path.c_str(), "rb"), std::fclose);
    if (!file) {
        if (error) *error = "cannot open '" + path + "': " + std::strerror(errno);
        return false;
    }
    Sha256 h;
    std::vector<uint8_t> buffer(FILE_READ_BYTES);
    for (;;) {
        const size_t got = std::fread(buffer.data(), 1, buffer.size(), file.get());
        h.update({buffer.data(), got});
        if (got < buffer.size()) break;
    }
    if (std::ferror(file.get())) {
        if (error) *error = "cannot read '" + path + "': " + std::strerror(errno);
        return false;
    }
    hex = h.finish_hex();
    return true;
}

}  // namespace pantheon::util
