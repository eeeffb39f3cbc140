// GameFileWriter: games -> chunks -> "<path>.tmp", header completed and the
// file renamed into place by finish().
#include <cstdio>

#include "data/chunk_codec.h"
#include "data/chunk_compression.h"
#include "data/file_format.h"
#include "data/game_file.h"
#include "data/posix_file.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace {

// A chunk is also closed at this raw size, whatever its ply count (chains of
// one ply with their own start positions are ~40 bytes each).
constexpr size_t CHUNK_RAW_LIMIT = 16u << 20;

}  // namespace

struct GameFileWriter::Impl {
    WriterOptions options;
    std::string path, tmp_path;
    PosixFile file;
    ChunkEncoder encoder;
    format::FileHeader header;
    std::unique_ptr<ChunkCompressor> compressor;

    ~Impl() {
        if (file.is_open()) {
            file.close();
            std::remove(tmp_path.c_str());
        }
    }

    bool fail(std::string* error, const std::string& why) {
        if (error) *error = tmp_path + ": " + why;
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
        if (!file.write_all(bytes, &why) || !file.write_all(packed, &why)) return fail(error, why);
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
    w.tmp_path = path + ".tmp";
    w.header = format::FileHeader{};
    w.header.variant = std::string(Variant::name);
    w.header.version = codec::WRITTEN_VERSION;
    if (!w.compressor) w.compressor = std::make_unique<ChunkCompressor>(w.options.zstd_level);
    std::string why;
    if (!w.file.create(w.tmp_path, &why)) {
        if (error) *error = why;
        return false;
    }
    // Placeholder header: finish() rewrites it with the final counts.
    if (!w.file.write_all(format::encode_header(w.header), &why)) return w.fail(error, why);
    return true;
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
    std::string why;
    if (!w.file.pwrite_all(format::encode_header(w.header), 0, &why) || !w.file.sync(&why))
        return w.fail(error, why);
    w.file.close();
    if (!publish_file(w.tmp_path, w.path, &why)) {
        std::remove(w.tmp_path.c_str());
        if (error) *error = why;
        return false;
    }
    return true;
}

uint64_t GameFileWriter::games() const {
    return impl_->header.games + impl_->encoder.games();
}
uint64_t GameFileWriter::positions() const {
    return impl_->header.positions + impl_->encoder.plies();
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
