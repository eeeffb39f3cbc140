// Damaged files are refused with a message naming the file and the chunk;
// damaged chunk contents never crash the decoder.
#include <gtest/gtest.h>

#include "data/checksum.h"
#include "data/chunk_codec.h"
#include "data/chunk_compression.h"
#include "data/file_format.h"
#include "data/game_file.h"
#include "data/synthetic_games.h"
#include "engine/core/random.h"
#include "test_files.h"
#include "tests/test_dir.h"

namespace pantheon::data {
namespace {

struct Sample {
    pantheon::test::TestDir dir;
    std::string path;
    std::vector<uint8_t> bytes;
    std::vector<ChunkInfo> chunks;
};

void make_sample(Sample& s) {
    s.path = s.dir.file("good.pgd");
    WriterOptions options;
    options.plies_per_chunk = 1500;
    options.zstd_level = 3;
    GameFileWriter writer(options);
    std::string error;
    ASSERT_TRUE(writer.open(s.path, &error)) << error;
    for (const GameRecord& g : synthetic_games(40, 77)) ASSERT_TRUE(writer.add(g, &error)) << error;
    ASSERT_TRUE(writer.finish(&error)) << error;
    s.bytes = test::read_bytes(s.path);
    GameFileReader reader;
    ASSERT_TRUE(reader.open(s.path, &error)) << error;
    s.chunks = reader.chunks();
    ASSERT_GE(s.chunks.size(), 3u);
}

// Reads every chunk; returns the first error (empty if the file reads fine).
std::string read_error(const std::string& path) {
    std::vector<GameRecord> games;
    std::string error;
    if (read_game_file(path, games, &error)) return "";
    return error.empty() ? "(empty message)" : error;
}

size_t chunk_of(const std::vector<ChunkInfo>& chunks, uint64_t offset) {
    size_t i = 0;
    while (i + 1 < chunks.size() && chunks[i + 1].offset <= offset) ++i;
    return i;
}

TEST(Corruption, EveryByteFlipIsDetectedAndNamesTheChunk) {
    Sample s;
    make_sample(s);
    SplitMix64 rng(123);
    const std::string bad = s.dir.file("bad.pgd");
    for (int trial = 0; trial < 400; ++trial) {
        std::vector<uint8_t> copy = s.bytes;
        const size_t at = trial < 64 ? size_t(trial) : size_t(rng.below(copy.size()));
        copy[at] ^= uint8_t(1 + rng.below(255));
        test::write_bytes(bad, copy);
        const std::string error = read_error(bad);
        ASSERT_FALSE(error.empty()) << "flip at byte " << at << " went unnoticed";
        EXPECT_NE(error.find(bad), std::string::npos) << error;
        if (at >= format::HEADER_BYTES) {
            const size_t c = chunk_of(s.chunks, at);
            const std::string expected = "chunk " + std::to_string(c + 1) + " of ";
            EXPECT_NE(error.find(expected), std::string::npos)
                << "flip at byte " << at << ": " << error;
        }
    }
}

TEST(Corruption, TruncationAtChunkBoundariesAndRandomPointsIsDetected) {
    Sample s;
    make_sample(s);
    std::vector<size_t> cuts = {0, 1, 7, 8, 63, 64};
    for (const ChunkInfo& c : s.chunks) {
        cuts.push_back(c.offset);
        cuts.push_back(c.offset + 1);
        cuts.push_back(c.offset + format::CHUNK_HEADER_BYTES);
        cuts.push_back(c.offset + format::CHUNK_HEADER_BYTES + c.compressed_bytes - 1);
    }
    SplitMix64 rng(9);
    for (int i = 0; i < 100; ++i) cuts.push_back(size_t(rng.below(s.bytes.size())));
    const std::string bad = s.dir.file("cut.pgd");
    for (size_t cut : cuts) {
        if (cut >= s.bytes.size()) continue;
        test::write_bytes(bad, std::vector<uint8_t>(s.bytes.begin(), s.bytes.begin() + long(cut)));
        const std::string error = read_error(bad);
        ASSERT_FALSE(error.empty()) << "cut at " << cut << " went unnoticed";
        EXPECT_NE(error.find(bad), std::string::npos) << error;
        if (cut >= format::HEADER_BYTES) {
            EXPECT_NE(error.find("truncated"), std::string::npos)
                << "cut at " << cut << ": " << error;
        }
    }
}

TEST(Corruption, TrailingBytesAreRefused) {
    Sample s;
    make_sample(s);
    std::vector<uint8_t> copy = s.bytes;
    copy.push_back(0);
    const std::string bad = s.dir.file("long.pgd");
    test::write_bytes(bad, copy);
    EXPECT_NE(read_error(bad).find("unexpected bytes"), std::string::npos);
}

// A header as a future or foreign writer would make it (valid checksum).
std::vector<uint8_t> with_header(const std::vector<uint8_t>& bytes, uint16_t version,
                                 const std::string& variant) {
    format::FileHeader h;
    std::string error;
    EXPECT_TRUE(format::decode_header(bytes, h, &error)) << error;
    h.version = version;
    h.variant = variant;
    const auto head = format::encode_header(h);
    std::vector<uint8_t> out = bytes;
    std::copy(head.begin(), head.end(), out.begin());
    return out;
}

TEST(Corruption, NewerVersionAndOtherVariantAreRefusedClearly) {
    Sample s;
    make_sample(s);
    const std::string newer = s.dir.file("v2.pgd");
    test::write_bytes(newer, with_header(s.bytes, format::NEWEST_VERSION + 1, "mansindam"));
    const std::string e1 = read_error(newer);
    EXPECT_NE(e1.find("format version 3 is newer"), std::string::npos) << e1;
    EXPECT_EQ(e1.find("corrupt"), std::string::npos) << e1;

    const std::string other = s.dir.file("pd.pgd");
    test::write_bytes(other, with_header(s.bytes, format::VERSION_DRAWS, "pandemonium"));
    const std::string e2 = read_error(other);
    EXPECT_NE(e2.find("pandemonium"), std::string::npos) << e2;

    const std::string text = s.dir.file("text.pgd");
    test::write_bytes(text, {'h', 'e', 'l', 'l', 'o'});
    EXPECT_NE(read_error(text).find("not a Pantheon data file"), std::string::npos);
    EXPECT_NE(read_error(s.dir.file("missing.pgd")).find("cannot open"), std::string::npos);
}

// Decodes a payload with a visitor that only counts; must never crash.
struct CountingVisitor {
    uint64_t plies = 0;
    void begin_game(const GameHeader&, const Position&) {}
    void ply(const Position&, const PlyRecord&, int) { ++plies; }
    void end_game(const Position&) {}
};

TEST(Corruption, DamagedPayloadsNeverCrashTheDecoder) {
    ChunkEncoder encoder;
    std::string error;
    SyntheticOptions custom;
    custom.custom_start = true;
    for (const GameRecord& g : synthetic_games(6, 31)) ASSERT_TRUE(encoder.add(g, &error)) << error;
    for (const GameRecord& g : synthetic_games(3, 32, custom))
        ASSERT_TRUE(encoder.add(g, &error)) << error;
    const std::vector<uint8_t> payload = encoder.finish();
    SplitMix64 rng(4242);
    int decoded_anyway = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        std::vector<uint8_t> copy = payload;
        const int edits = 1 + int(rng.below(4));
        for (int e = 0; e < edits; ++e) {
            const size_t at = size_t(rng.below(copy.size()));
            switch (rng.below(3)) {
                case 0:
                    copy[at] ^= uint8_t(1 + rng.below(255));
                    break;
                case 1:
                    copy[at] = uint8_t(rng.below(256));
                    break;
                default:
                    copy.resize(at);
                    break;
            }
            if (copy.empty()) break;
        }
        for (bool check : {false, true}) {
            ChunkDecoder decoder;
            CountingVisitor visitor;
            std::string why;
            if (decoder.open(copy, format::VERSION_NO_DRAWS, &why) &&
                decoder.decode(visitor, check, &why))
                ++decoded_anyway;
        }
    }
    // Some edits (e.g. of a score) leave a valid payload; most must be caught.
    EXPECT_LT(decoded_anyway, 3000);

    // The stored form (stream table + zstd frames) is just as robust.
    std::vector<uint8_t> body, back;
    ASSERT_TRUE(ChunkCompressor(3).compress(payload, body, &error)) << error;
    ASSERT_TRUE(decompress_chunk_body(body, uint32_t(payload.size()), back, &error)) << error;
    ASSERT_EQ(back, payload);
    int unpacked_anyway = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        std::vector<uint8_t> copy = body;
        const size_t at = size_t(rng.below(copy.size()));
        if (rng.chance(0.2))
            copy.resize(at);
        else
            copy[at] ^= uint8_t(1 + rng.below(255));
        std::string why;
        unpacked_anyway += decompress_chunk_body(copy, uint32_t(payload.size()), back, &why);
    }
    EXPECT_LT(unpacked_anyway, 3000);
}

}  // namespace
}  // namespace pantheon::data
