// How a run's games map onto files: game indices are grouped by index into
// chunks of a fixed size, chunk c holds games [c*size, (c+1)*size) and is the
// data file chunk-<c>.pgd in the output directory. Shard K of N owns the
// chunks with c % N == K, so shards are disjoint and their union is exactly
// the unsharded run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/variant.h"
#include "util/step_result.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

struct ChunkLayout {
    uint64_t games = 0;  // total games of the run
    uint64_t chunk_games = 1;

    uint64_t chunk_count() const { return (games + chunk_games - 1) / chunk_games; }
    uint64_t first_game(uint64_t chunk) const { return chunk * chunk_games; }
    uint64_t games_in(uint64_t chunk) const;
};

bool shard_owns_chunk(uint64_t chunk, int shard_index, int shard_count);

std::string chunk_file_name(uint64_t chunk);
std::string chunk_path(const std::string& dir, uint64_t chunk);

enum class ChunkState {
    Missing,
    Complete,  // reads back completely and holds the expected number of games
    Invalid,   // damaged, or fewer games (the last chunk of a run with fewer --games)
    Larger,    // more games than expected: written by a run with more --games
};

// Reads the chunk's file back (checksums and decoding) and counts its games;
// `why` explains Invalid and Larger.
ChunkState inspect_chunk(const std::string& path, uint64_t expected_games, std::string* why);

// Prepares the shard's chunks for a (resumed) run (under the shard's lock):
// removes leftover temporary files, keeps complete chunks, removes invalid ones (noting why in
// `notes`; they are played again, identically) and returns the chunks still
// to play, in order. False with a message on an I/O failure or a chunk with
// more games than this run's layout gives it (finished games are never
// discarded: the run must use the original --games or more).
bool pending_chunks(const std::string& dir, const ChunkLayout& layout, int shard_index,
                    int shard_count, std::vector<uint64_t>& pending,
                    std::vector<std::string>& notes, std::string* error);

// What the shard's chunk files in `dir` hold (from their headers) and
// their size on disk; chunks not yet written count nothing. False with a
// message naming the file on a header that does not read.
bool measure_shard_chunks(const std::string& dir, const ChunkLayout& layout, int shard_index,
                          int shard_count, util::DataSize& size, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
