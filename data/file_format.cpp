#include "data/file_format.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "data/byte_io.h"
#include "data/checksum.h"
#include "data/posix_file.h"

namespace pantheon::data::format {

namespace {

template <size_t N>
std::array<uint8_t, N> to_array(const std::vector<uint8_t>& v) {
    std::array<uint8_t, N> a{};
    std::copy_n(v.begin(), std::min(N, v.size()), a.begin());
    return a;
}

uint32_t chunk_header_check(std::span<const uint8_t> first20) {
    return uint32_t(checksum64(first20));
}

}  // namespace

std::array<uint8_t, HEADER_BYTES> encode_header(const FileHeader& h) {
    std::vector<uint8_t> v;
    ByteWriter w(v);
    w.bytes(MAGIC);
    w.u16(h.version);
    w.u16(uint16_t(HEADER_BYTES));
    w.u32(0);  // feature flags: none defined (versions 1 and 2)
    uint8_t name[VARIANT_NAME_BYTES] = {};
    std::memcpy(name, h.variant.data(), std::min(h.variant.size(), VARIANT_NAME_BYTES));
    w.bytes(name);
    w.u64(h.games);
    w.u64(h.positions);
    w.u32(h.chunks);
    w.u32(0);  // reserved
    w.u64(checksum64(v));
    return to_array<HEADER_BYTES>(v);
}

bool decode_header(std::span<const uint8_t> bytes, FileHeader& h, std::string* error) {
    auto fail = [&](const std::string& why) {
        if (error) *error = why;
        return false;
    };
    if (bytes.size() < MAGIC.size() || !std::equal(MAGIC.begin(), MAGIC.end(), bytes.begin()))
        return fail("not a Pantheon data file (bad magic)");
    if (bytes.size() < HEADER_BYTES) return fail("file header is truncated");
    ByteReader r(bytes.first(HEADER_BYTES));
    r.take(MAGIC.size());
    h.version = r.u16();
    const uint16_t header_bytes = r.u16();
    const uint32_t flags = r.u32();
    const auto name = r.take(VARIANT_NAME_BYTES);
    h.games = r.u64();
    h.positions = r.u64();
    h.chunks = r.u32();
    const uint32_t reserved = r.u32();
    const uint64_t stored = r.u64();
    const bool intact = stored == checksum64(bytes.first(HEADER_BYTES - 8));
    // A newer version may lay its header out differently, so its checksum is
    // not judged by this version's layout; say which of the two it likely is.
    if (h.version > NEWEST_VERSION)
        return fail("format version " + std::to_string(h.version) +
                    " is newer than this build reads (up to " + std::to_string(NEWEST_VERSION) +
                    "); update pantheon" + (intact ? "" : " (or the header is corrupt)"));
    if (!intact) return fail("file header checksum mismatch (header corrupt)");
    if (h.version == 0) return fail("format version 0 is invalid");
    if (header_bytes != HEADER_BYTES || flags != 0 || reserved != 0)
        return fail("file header has unknown fields for version " + std::to_string(h.version));
    h.variant.assign(name.begin(), std::find(name.begin(), name.end(), uint8_t(0)));
    return true;
}

bool read_header(const std::string& path, FileHeader& h, std::string* error) {
    PosixFile file;
    std::string why;
    if (!file.open_read(path, &why)) {
        if (error) *error = why;
        return false;
    }
    std::vector<uint8_t> head(std::min<uint64_t>(file.size(), HEADER_BYTES));
    if (!file.pread_all(head, 0, &why) || !decode_header(head, h, &why)) {
        if (error) *error = path + ": " + why;
        return false;
    }
    return true;
}

std::array<uint8_t, CHUNK_HEADER_BYTES> encode_chunk_header(const ChunkHeader& h) {
    std::vector<uint8_t> v;
    ByteWriter w(v);
    w.u32(CHUNK_MAGIC);
    w.u32(h.compressed_bytes);
    w.u32(h.raw_bytes);
    w.u32(h.games);
    w.u32(h.positions);
    w.u32(chunk_header_check(v));
    w.u64(h.checksum);
    return to_array<CHUNK_HEADER_BYTES>(v);
}

uint64_t chunk_checksum(std::span<const uint8_t> header_bytes, std::span<const uint8_t> payload) {
    Checksum64 c;
    c.update(header_bytes.first(24));
    c.update(payload);
    return c.digest();
}

bool decode_chunk_header(std::span<const uint8_t> bytes, ChunkHeader& h, std::string* error) {
    auto fail = [&](const std::string& why) {
        if (error) *error = why;
        return false;
    };
    if (bytes.size() < CHUNK_HEADER_BYTES) return fail("chunk header is truncated");
    ByteReader r(bytes.first(CHUNK_HEADER_BYTES));
    const uint32_t magic = r.u32();
    h.compressed_bytes = r.u32();
    h.raw_bytes = r.u32();
    h.games = r.u32();
    h.positions = r.u32();
    const uint32_t check = r.u32();
    h.checksum = r.u64();
    if (magic != CHUNK_MAGIC) return fail("bad chunk magic (corrupt or misaligned)");
    if (check != chunk_header_check(bytes.first(20))) return fail("chunk header corrupt");
    if (h.raw_bytes > MAX_CHUNK_RAW_BYTES || h.compressed_bytes > MAX_CHUNK_COMPRESSED_BYTES ||
        h.compressed_bytes == 0)
        return fail("chunk sizes out of range");
    return true;
}

}  // namespace pantheon::data::format
