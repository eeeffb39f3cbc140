#include "selfplay/chunk_store.h"

#include <cstdio>
#include <filesystem>

#include "data/file_format.h"
#include "data/game_file.h"
#include "util/atomic_file.h"
#include "util/shard.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace fs = std::filesystem;

uint64_t ChunkLayout::games_in(uint64_t chunk) const {
    const uint64_t first = first_game(chunk);
    if (first >= games) return 0;
    return std::min(chunk_games, games - first);
}

bool shard_owns_chunk(uint64_t chunk, int shard_index, int shard_count) {
    return util::Shard{shard_index, shard_count}.owns(chunk);
}

std::string chunk_file_name(uint64_t chunk) {
    char buf[48];
    // Zero-padded so that name order is chunk order (data tools sort by name).
    std::snprintf(buf, sizeof buf, "chunk-%08llu", static_cast<unsigned long long>(chunk));
    return std::string(buf) + std::string(data::DATA_FILE_EXTENSION);
}

std::string chunk_path(const std::string& dir, uint64_t chunk) {
    return (fs::path(dir) / chunk_file_name(chunk)).string();
}

ChunkState inspect_chunk(const std::string& path, uint64_t expected_games, std::string* why) {
    std::error_code ec;
    if (!fs::exists(path, ec)) return ChunkState::Missing;
    std::vector<data::GameRecord> games;
    std::string error;
    if (!data::read_game_file(path, games, &error)) {
        if (why) *why = error;
        return ChunkState::Invalid;
    }
    if (games.size() != expected_games) {
        if (why)
            *why = path + " holds " + std::to_string(games.size()) + " games, expected " +
                   std::to_string(expected_games);
        return games.size() > expected_games ? ChunkState::Larger : ChunkState::Invalid;
    }
    return ChunkState::Complete;
}

bool pending_chunks(const std::string& dir, const ChunkLayout& layout, int shard_index,
                    int shard_count, std::vector<uint64_t>& pending,
                    std::vector<std::string>& notes, std::string* error) {
    pending.clear();
    for (uint64_t c = 0; c < layout.chunk_count(); ++c) {
        if (!shard_owns_chunk(c, shard_index, shard_count)) continue;
        const std::string path = chunk_path(dir, c);
        std::error_code ec;
        // A temporary file is a chunk whose writing was interrupted.
        std::vector<std::string> removed;
        if (!util::remove_temp_files(path, &removed, error)) return false;
        for (const std::string& r : removed) notes.push_back("removed unfinished " + r);
        std::string why;
        switch (inspect_chunk(path, layout.games_in(c), &why)) {
            case ChunkState::Complete:
                continue;
            case ChunkState::Missing:
                break;
            case ChunkState::Larger:
                if (error)
                    *error = why +
                             ": the directory was made with more --games; rerun with at "
                             "least that many games so no finished game is discarded";
                return false;
            case ChunkState::Invalid:
                notes.push_back("replaying invalid chunk: " + why);
                if (!fs::remove(path, ec) || ec) {
                    if (error) *error = "cannot remove invalid chunk " + path;
                    return false;
                }
                break;
        }
        pending.push_back(c);
    }
    return true;
}

bool measure_shard_chunks(const std::string& dir, const ChunkLayout& layout, int shard_index,
                          int shard_count, util::DataSize& size, std::string* error) {
    size = {};
    for (uint64_t c = 0; c < layout.chunk_count(); ++c) {
        if (!shard_owns_chunk(c, shard_index, shard_count)) continue;
        const std::string path = chunk_path(dir, c);
        std::error_code ec;
        if (!fs::exists(path, ec)) continue;
        data::format::FileHeader h;
        std::string why;
        if (!data::format::read_header(path, h, &why)) {
            if (error) *error = path + ": " + why;
            return false;
        }
        if (!util::add_data_file(size, path, h.games, h.positions, error)) return false;
    }
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
