// GameFileReader: header check and chunk index on open, then verified,
// decompressed and decoded chunks on demand (each read opens the file anew).
#include "data/chunk_codec.h"
#include "data/chunk_compression.h"
#include "data/file_format.h"
#include "data/game_file.h"
#include "data/posix_file.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace {

// Collects decoded games as GameRecords.
struct RecordCollector {
    std::vector<GameRecord>& games;
    void begin_game(const GameHeader& h, const Position& start) {
        GameRecord& g = games.emplace_back();
        g.start_fen = h.standard_start ? std::string(Variant::start_fen) : start.fen();
        g.termination = h.termination;
        g.adjudicated = h.adjudicated;
        g.winner = h.winner;
        g.plies.reserve(h.plies);
    }
    void ply(const Position&, const PlyRecord& rec, int) { games.back().plies.push_back(rec); }
    void end_game(const Position&) {}
};

}  // namespace

struct GameFileReader::Impl {
    std::string path;
    PosixFile file;
    FileSummary summary;
    std::vector<ChunkInfo> chunks;
};

GameFileReader::GameFileReader() : impl_(std::make_unique<Impl>()) {}
GameFileReader::~GameFileReader() = default;
GameFileReader::GameFileReader(GameFileReader&&) noexcept = default;
GameFileReader& GameFileReader::operator=(GameFileReader&&) noexcept = default;

const std::string& GameFileReader::path() const {
    return impl_->path;
}
const FileSummary& GameFileReader::summary() const {
    return impl_->summary;
}
const std::vector<ChunkInfo>& GameFileReader::chunks() const {
    return impl_->chunks;
}

std::string GameFileReader::chunk_context(size_t i) const {
    return impl_->path + ": chunk " + std::to_string(i + 1) + " of " +
           std::to_string(impl_->summary.chunks) + ": ";
}

bool GameFileReader::open(const std::string& path, std::string* error) {
    Impl& r = *impl_;
    r.path = path;
    r.summary = FileSummary{};
    r.chunks.clear();
    auto fail = [&](const std::string& why) {
        if (error) *error = path + ": " + why;
        r.file.close();
        return false;
    };
    std::string why;
    if (!r.file.open_read(path, &why)) {
        if (error) *error = why;
        return false;
    }
    const uint64_t size = r.file.size();
    std::vector<uint8_t> head(std::min<uint64_t>(size, format::HEADER_BYTES));
    if (!r.file.pread_all(head, 0, &why)) return fail(why);
    format::FileHeader h;
    if (!format::decode_header(head, h, &why)) return fail(why);
    if (h.variant != Variant::name)
        return fail("holds " + h.variant + " data; this reader is for " +
                    std::string(Variant::name) + " data");
    if (h.version < codec::WRITTEN_VERSION)
        return fail("format version " + std::to_string(h.version) + " cannot hold " + h.variant +
                    " games (corrupt header)");
    r.summary = {h.version, h.variant, h.games, h.positions, h.chunks, size};

    uint64_t offset = format::HEADER_BYTES, games = 0, positions = 0;
    for (uint32_t i = 0; i < h.chunks; ++i) {
        const std::string where =
            "chunk " + std::to_string(i + 1) + " of " + std::to_string(h.chunks);
        if (offset + format::CHUNK_HEADER_BYTES > size)
            return fail("truncated: file ends at byte " + std::to_string(size) + " before " +
                        where);
        uint8_t bytes[format::CHUNK_HEADER_BYTES];
        format::ChunkHeader ch;
        if (!r.file.pread_all(bytes, offset, &why) || !format::decode_chunk_header(bytes, ch, &why))
            return fail(where + " (offset " + std::to_string(offset) + "): " + why);
        if (offset + format::CHUNK_HEADER_BYTES + ch.compressed_bytes > size)
            return fail("truncated inside " + where + " (file ends at byte " +
                        std::to_string(size) + ")");
        r.chunks.push_back({offset, ch.compressed_bytes, ch.raw_bytes, ch.games, ch.positions});
        games += ch.games;
        positions += ch.positions;
        offset += format::CHUNK_HEADER_BYTES + ch.compressed_bytes;
    }
    if (offset != size)
        return fail(std::to_string(size - offset) + " unexpected bytes after the last chunk");
    if (games != h.games || positions != h.positions)
        return fail("header counts (" + std::to_string(h.games) + " games, " +
                    std::to_string(h.positions) + " positions) disagree with the chunks (" +
                    std::to_string(games) + ", " + std::to_string(positions) + ")");
    // Chunks are read through a descriptor of their own (read_chunk_payload),
    // so a training run over thousands of files holds none open.
    r.file.close();
    return true;
}

bool GameFileReader::read_chunk_payload(size_t i, std::vector<uint8_t>& payload,
                                        std::string* error) const {
    const Impl& r = *impl_;
    auto fail = [&](const std::string& why) {
        if (error) *error = chunk_context(i) + why;
        return false;
    };
    if (i >= r.chunks.size()) return fail("no such chunk");
    const ChunkInfo& c = r.chunks[i];
    std::vector<uint8_t> packed(format::CHUNK_HEADER_BYTES + c.compressed_bytes);
    std::string why;
    PosixFile file;
    if (!file.open_read(r.path, &why) || !file.pread_all(packed, c.offset, &why)) return fail(why);
    format::ChunkHeader ch;
    const std::span<const uint8_t> all(packed);
    if (!format::decode_chunk_header(all, ch, &why)) return fail(why);
    const auto body = all.subspan(format::CHUNK_HEADER_BYTES);
    if (format::chunk_checksum(all, body) != ch.checksum)
        return fail("checksum mismatch (corrupt)");
    if (!decompress_chunk_body(body, c.raw_bytes, payload, &why)) return fail(why);
    return true;
}

bool GameFileReader::read_chunk(size_t i, std::vector<GameRecord>& games, std::string* error,
                                bool check_legality) const {
    std::vector<uint8_t> payload;
    if (!read_chunk_payload(i, payload, error)) return false;
    const ChunkInfo& c = impl_->chunks[i];
    auto fail = [&](const std::string& why) {
        if (error) *error = chunk_context(i) + why;
        return false;
    };
    ChunkDecoder decoder;
    std::string why;
    if (!decoder.open(payload, impl_->summary.format_version, &why)) return fail(why);
    if (decoder.games() != c.games || decoder.plies() != c.positions)
        return fail("payload counts disagree with the chunk header");
    const size_t first = games.size();
    RecordCollector collector{games};
    if (!decoder.decode(collector, check_legality, &why)) {
        games.resize(first);
        return fail(why);
    }
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
