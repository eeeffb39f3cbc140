// Byte layout of the file header and the chunk headers (docs/DATA_FORMAT.md).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace pantheon::data::format {

// Version 1: games without draws (Mansindam). Version 2 adds what games that
// can end in a draw need (Pandemonium): drawn results, perpetual check, the
// choice to decline an optional promotion, castling rights and en passant in
// start positions; a version-1 payload means the same read as version 2.
// Writers write the oldest version that can hold their variant's games
// (codec::WRITTEN_VERSION in chunk_codec.h), so Mansindam files stay version 1.
constexpr uint16_t VERSION_NO_DRAWS = 1;
constexpr uint16_t VERSION_DRAWS = 2;
constexpr uint16_t NEWEST_VERSION = VERSION_DRAWS;  // the newest version this build reads
constexpr std::array<uint8_t, 8> MAGIC = {0x89, 'P', 'G', 'D', '\r', '\n', 0x1A, '\n'};
constexpr uint32_t CHUNK_MAGIC = 0x4B4E4843;  // "CHNK" little-endian
constexpr size_t HEADER_BYTES = 64;
constexpr size_t CHUNK_HEADER_BYTES = 32;
constexpr size_t VARIANT_NAME_BYTES = 16;
constexpr int PAYLOAD_STREAMS = 8;  // byte streams of a chunk payload (chunk_codec.h)
// Sanity bounds a reader applies before allocating anything.
constexpr uint32_t MAX_CHUNK_RAW_BYTES = 64u << 20;
constexpr uint32_t MAX_CHUNK_COMPRESSED_BYTES = 72u << 20;

struct FileHeader {
    uint16_t version = VERSION_NO_DRAWS;
    std::string variant;
    uint64_t games = 0;
    uint64_t positions = 0;
    uint32_t chunks = 0;
};

struct ChunkHeader {
    uint32_t compressed_bytes = 0;
    uint32_t raw_bytes = 0;
    uint32_t games = 0;
    uint32_t positions = 0;
    uint64_t checksum = 0;  // over header bytes 0..23 and the compressed bytes
};

std::array<uint8_t, HEADER_BYTES> encode_header(const FileHeader& h);
// Checks magic, checksum and version; false with a message otherwise.
bool decode_header(std::span<const uint8_t> bytes, FileHeader& h, std::string* error);
// Reads and checks the header of the file at path (any variant).
bool read_header(const std::string& path, FileHeader& h, std::string* error);

// Bytes 0..23 depend only on the sizes and counts; the checksum covers them
// plus the compressed payload, then is stored in bytes 24..31.
std::array<uint8_t, CHUNK_HEADER_BYTES> encode_chunk_header(const ChunkHeader& h);
uint64_t chunk_checksum(std::span<const uint8_t> header_bytes, std::span<const uint8_t> payload);
bool decode_chunk_header(std::span<const uint8_t> bytes, ChunkHeader& h, std::string* error);

}  // namespace pantheon::data::format
