// How a chunk payload (chunk_codec.h) is stored: each stream compressed as
// its own zstd frame, so each gets entropy tables fitted to its own data
// (docs/DATA_FORMAT.md, "Chunk body").
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace pantheon::data {

class ChunkCompressor {
  public:
    explicit ChunkCompressor(int level);
    ~ChunkCompressor();
    ChunkCompressor(const ChunkCompressor&) = delete;
    ChunkCompressor& operator=(const ChunkCompressor&) = delete;
    // payload as ChunkEncoder::finish() returns it -> stored body.
    bool compress(std::span<const uint8_t> payload, std::vector<uint8_t>& body, std::string* error);

  private:
    void* context_;  // ZSTD_CCtx
    int level_;
};

// Stored body -> payload; raw_bytes is the payload size the chunk header states.
bool decompress_chunk_body(std::span<const uint8_t> body, uint32_t raw_bytes,
                           std::vector<uint8_t>& payload, std::string* error);

}  // namespace pantheon::data
