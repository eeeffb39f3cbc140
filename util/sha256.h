// SHA-256 (FIPS 180-4): the identity of files a net's lineage names (its
// parent net, its training data), checkable with `sha256sum`. No crypto
// library is among the dependencies; this is the whole algorithm, for
// naming files, not for keys or secrets.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace pantheon::util {

class Sha256 {
  public:
    Sha256();
    // Appends bytes to the message; any split of a message gives the same digest.
    void update(std::span<const uint8_t> bytes);
    void update(std::string_view text);
    // The digest of everything appended; the object is spent afterwards.
    std::array<uint8_t, 32> finish();
    // finish() as 64 lowercase hex digits (the form sha256sum prints).
    std::string finish_hex();

  private:
    void compress(const uint8_t* block);

    std::array<uint32_t, 8> state_;
    std::array<uint8_t, 64> block_{};
    size_t block_used_ = 0;
    uint64_t message_bytes_ = 0;
};

// The hex digest of a text or byte string.
std::string sha256_hex(std::string_view text);
std::string sha256_hex(std::span<const uint8_t> bytes);

// The hex digest of a whole file, read in pieces; false with a message
// naming the file when it cannot be read.
bool sha256_file(const std::string& path, std::string& hex, std::string* error);

}  // namespace pantheon::util
