// A data file of one chunk around any payload bytes: file header, chunk
// header, counts, compression and checksum made valid, so that the decoder
// is reached whatever the payload holds. Used by the data tests and by
// data_file_fuzz (tests/fuzz).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "data/byte_io.h"
#include "data/chunk_compression.h"
#include "data/file_format.h"
#include "engine/core/variant.h"

namespace pantheon::data::test {
PANTHEON_VARIANT_BEGIN

// `version`: the file's format version. The game and ply counts are what
// the payload's first two varints state, whatever follows them; a payload
// the compressor cannot split into streams is stored as it is, and the
// reader then refuses the body.
inline std::vector<uint8_t> file_of_payload(std::span<const uint8_t> payload, uint16_t version) {
    constexpr int ZSTD_LEVEL = 1;
    ByteReader counts(payload);
    format::ChunkHeader chunk;
    chunk.games = uint32_t(counts.varint());
    chunk.positions = uint32_t(counts.varint());
    std::vector<uint8_t> body;
    if (!ChunkCompressor(ZSTD_LEVEL).compress(payload, body, nullptr))
        body.assign(payload.begin(), payload.end());
    chunk.raw_bytes = uint32_t(payload.size());
    chunk.compressed_bytes = uint32_t(body.size());
    chunk.checksum = format::chunk_checksum(format::encode_chunk_header(chunk), body);

    format::FileHeader header;
    header.version = version;
    header.variant = std::string(Variant::name);
    header.games = chunk.games;
    header.positions = chunk.positions;
    header.chunks = 1;
    std::vector<uint8_t> out;
    const auto head = format::encode_header(header);
    const auto chunk_head = format::encode_chunk_header(chunk);
    out.insert(out.end(), head.begin(), head.end());
    out.insert(out.end(), chunk_head.begin(), chunk_head.end());
    out.insert(out.end(), body.begin(), body.end());
    return out;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data::test
