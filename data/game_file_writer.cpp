// GameFileWriter: games -> chunks -> a temporary file beside the path
// (util/atomic_file.h), header completed and the file published by finish().

#include "data/chunk_codec.h"
#include "data/chunk_compression.h"
#include "data/file_format.h"
#include "data/game_file.h"
#include "util/atomic_file.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace {

// A chunk is also closed at this raw size, whatever its ply count (chains of
// one ply with their own start positions are ~40 bytes each).
constexpr size_t CHUNK_RAW_LIMIT = 16u << 20;

}  // namespace

struct GameFileWriter::Impl {
    WriterOptions options;
    std::string path;
    util::AtomicFile file;  // an unfinished file is discarded with the writer
    ChunkEncoder encoder;
    format::FileHeader header;
    std::unique_ptr<ChunkCompressor> compressor;

    bool fail(std::string* error, const std::string& why) {
        if (error) *error = path + ": " + why;
        return false;
    }

    bool flush_chunk(std::string* error) {
        if (encoder.games() == 0) return true;
        format::ChunkHeader ch;
        ch.games = encoder.games();
        ch.positions = encoder.plies();
        const std::vector<uint8_t> raw = encoder.finish();
        std::vector<uint8_t> packed;
        std::string why;
        if (!compressor->compress(raw, packed, &why)) return fail(error, why);
        ch.raw_bytes = uint32_t(raw.size());
        ch.compressed_bytes = uint32_t(packed.size());
        const auto provisional = format::encode_chunk_header(ch);
        ch.checksum = format::chunk_checksum(provisional, packed);
        const auto bytes = format::encode_chunk_header(ch);
        if (!file.write(bytes, error) || !file.write(packed, error)) return false;
        header.games += ch.games;
        header.positions += ch.positions;
        ++header.chunks;
        return true;
    }
};

GameFileWriter::GameFileWriter(WriterOptions options) : impl_(std::make_unique<Impl>()) {
    impl_->options = options;
}

GameFileWriter::~GameFileWriter() = default;

bool GameFileWriter::open(const std::string& path, std::string* error) {
    Impl& w = *impl_;
    if (w.file.is_open()) return w.fail(error, "writer already open");
    w.path = path;
    w.header = format::FileHeader{};
    w.header.variant = std::string(Variant::name);
    w.header.version = codec::WRITTEN_VERSION;
    if (!w.compressor) w.compressor = std::make_unique<ChunkCompressor>(w.options.zstd_level);
    // Placeholder header: finish() rewrites it with the final counts.
    return w.file.open(path, error) && w.file.write(format::encode_header(w.header), error);
}

bool GameFileWriter::add(const GameRecord& game, std::string* error) {
    Impl& w = *impl_;
    if (!w.file.is_open()) return w.fail(error, "writer not open");
    std::string why;
    if (!w.encoder.add(game, &why))
        return w.fail(error, "game " + std::to_string(w.header.games + w.encoder.games() + 1) +
                                 " refused: " + why);
    if (w.encoder.plies() >= w.options.plies_per_chunk || w.encoder.raw_size() >= CHUNK_RAW_LIMIT)
        return w.flush_chunk(error);
    return true;
}

bool GameFileWriter::finish(std::string* error) {
    Impl& w = *impl_;
    if (!w.file.is_open()) return w.fail(error, "writer not open");
    if (!w.flush_chunk(error)) return false;
    return w.file.write_at(format::encode_header(w.header), 0, error) && w.file.commit(error);
}

uint64_t GameFileWriter::games() const {
    return impl_->header.games + impl_->encoder.games();
}
uint64_t GameFileWriter::positions() const {
    return impl_->header.positions + impl_->encoder.plies();
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
