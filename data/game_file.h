// Reading and writing whole data files (docs/DATA_FORMAT.md): a header, then
// zstd-compressed, checksummed chunks of games. Every failure comes back as
// false plus a message naming the file (and the chunk when one is bad).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "data/game_record.h"
#include "data/input_files.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

// Writes games as one complete data file, published atomically
// (util/atomic_file.h). Refuses (false + message) a game whose moves are not legal
// in turn, or whose scores are out of range; nothing is left at `path` then.
bool write_game_file(const std::string& path, std::span<const GameRecord> games,
                     std::string* error);

// Reads every game of a data file; false with a message naming the file and
// the bad chunk on corruption or truncation.
bool read_game_file(const std::string& path, std::vector<GameRecord>& games, std::string* error);

struct WriterOptions {
    // A chunk is closed once it holds this many plies (or at finish()).
    uint32_t plies_per_chunk = 1 << 16;
    int zstd_level = 19;
};

// Streaming writer for files too large to hold in memory (merge, shuffle,
// import). Writes a temporary file beside `path`; finish() completes the
// header and publishes it (util/atomic_file.h). A failed or abandoned writer
// publishes nothing and removes its temporary file.
class GameFileWriter {
  public:
    explicit GameFileWriter(WriterOptions options = {});
    ~GameFileWriter();
    GameFileWriter(const GameFileWriter&) = delete;
    GameFileWriter& operator=(const GameFileWriter&) = delete;

    bool open(const std::string& path, std::string* error);
    bool add(const GameRecord& game, std::string* error);
    bool finish(std::string* error);

    uint64_t games() const;
    uint64_t positions() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// What the header of a data file says.
struct FileSummary {
    uint16_t format_version = 0;
    std::string variant;
    uint64_t games = 0;
    uint64_t positions = 0;  // plies (all of them, excluded ones too)
    uint32_t chunks = 0;
    uint64_t file_bytes = 0;
};

// Where one chunk lies in its file (the chunk index a reader builds on open).
struct ChunkInfo {
    uint64_t offset = 0;  // of the chunk header
    uint32_t compressed_bytes = 0;
    uint32_t raw_bytes = 0;
    uint32_t games = 0;
    uint32_t positions = 0;
};

// Random access to the chunks of one file. open() checks the header and walks
// the chunk headers (not their contents); read_chunk() verifies the checksum,
// decompresses and decodes one chunk. Chunk reads are const and thread-safe;
// no descriptor is held between calls (datasets have thousands of files).
class GameFileReader {
  public:
    GameFileReader();
    ~GameFileReader();
    GameFileReader(GameFileReader&&) noexcept;
    GameFileReader& operator=(GameFileReader&&) noexcept;

    bool open(const std::string& path, std::string* error);
    const std::string& path() const;
    const FileSummary& summary() const;
    const std::vector<ChunkInfo>& chunks() const;
    // Appends the games of chunk i to `games`. With `check_legality`, every
    // move is also checked against the repetition rule and a played-out game's
    // recorded end against the rules (what `data verify` runs).
    bool read_chunk(size_t i, std::vector<GameRecord>& games, std::string* error,
                    bool check_legality = false) const;
    // The checksum-verified, decompressed payload of chunk i (for decoders
    // that visit positions directly, see chunk_codec.h). Safe to call from
    // several threads at once.
    bool read_chunk_payload(size_t i, std::vector<uint8_t>& payload, std::string* error) const;
    // "FILE: chunk I of N: " — the prefix of every message about chunk i.
    std::string chunk_context(size_t i) const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::data
