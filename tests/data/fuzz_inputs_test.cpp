// Inputs that crashed the readers or tripped a sanitizer under
// data_file_fuzz (tests/fuzz), kept byte for byte in fixtures/fuzz/. Built
// into the data tests of both games: each input must be refused with a
// message by either game's decoder and readers, and by the game it tripped
// with the message named. A file there is the fuzz target's input: a mode
// byte whose bit 0 says the rest is one chunk's payload (bit 1: read as the
// newest format version, else as the game's own), then that payload;
// test::file_of_payload makes it a data file as the fuzz target does.
#include <gtest/gtest.h>

#include "data/chunk_codec.h"
#include "data/game_file.h"
#include "data/training_stream.h"
#include "payload_file.h"
#include "test_files.h"
#include "tests/test_dir.h"

// Under AddressSanitizer no single allocation of these tests may exceed
// 2 GB, so that room reserved for counts a file merely claims fails a test
// instead of passing on a machine with memory to spare.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PANTHEON_TEST_ASAN 1  // clang's way of saying it
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(PANTHEON_TEST_ASAN)
extern "C" const char* __asan_default_options() {
    return "max_allocation_size_mb=2048";
}
#endif

namespace pantheon::data {
namespace {

std::vector<uint8_t> fuzz_input(const std::string& file) {
    return test::read_bytes(std::string(PANTHEON_DATA_FIXTURES) + "/fuzz/" + file);
}

uint16_t input_version(const std::vector<uint8_t>& input) {
    return input[0] & 2 ? format::NEWEST_VERSION : codec::WRITTEN_VERSION;
}

struct IgnoringVisitor {
    void begin_game(const GameHeader&, const Position&) {}
    void ply(const Position&, const PlyRecord&, int) {}
    void end_game(const Position&) {}
};

// The decoder's error for the payload of a fuzz input (empty if it decodes).
std::string decode_error(const std::vector<uint8_t>& input, bool check_rules) {
    ChunkDecoder decoder;
    IgnoringVisitor visitor;
    std::string error;
    if (!decoder.open(std::span(input).subspan(1), input_version(input), &error)) return error;
    return decoder.decode(visitor, check_rules, &error) ? std::string() : error;
}

// `file` tripped the decoder of `game`, which must now refuse it saying `refusal`.
void expect_refused(const std::string& file, std::string_view game, std::string_view refusal) {
    const std::vector<uint8_t> input = fuzz_input(file);
    ASSERT_FALSE(input.empty()) << file;
    ASSERT_TRUE(input[0] & 1) << file << " is not a chunk payload input";
    for (bool check_rules : {false, true}) {
        const std::string error = decode_error(input, check_rules);
        EXPECT_FALSE(error.empty()) << file;
        if (game == Variant::name) {
            EXPECT_NE(error.find(refusal), std::string::npos) << file << ": " << error;
        }
    }
}

// The data file the fuzz target makes of a payload input.
std::string payload_file(const pantheon::test::TestDir& dir, const std::string& file) {
    const std::vector<uint8_t> input = fuzz_input(file);
    EXPECT_FALSE(input.empty()) << file;
    const std::string path = dir.file("input.pgd");
    if (!input.empty())
        test::write_bytes(path, test::file_of_payload(std::span(input).subspan(1),
                                                      input_version(input)));
    return path;
}

// A ply's stored score sum (score + previous score) near INT64_MIN: taking
// the previous score off it overflowed.
TEST(FuzzInputs, ScoreSumFarOutOfRange) {
    expect_refused("score-sum-overflow.bin", "pandemonium", "score out of range");
}

// Hand-made in the fuzz target's input format, from reading the decoder: a
// game announcing 2^32 - 1 plies in a payload with no plies. The reader
// reserved room for them (34 GB) before finding the streams empty.
TEST(FuzzInputs, GamePliesBeyondTheStreams) {
    expect_refused("game-plies-beyond-streams.bin", Variant::name, "malformed chunk layout");
    pantheon::test::TestDir dir;
    std::vector<GameRecord> games;
    std::string error;
    EXPECT_FALSE(read_game_file(payload_file(dir, "game-plies-beyond-streams.bin"), games, &error));
    EXPECT_NE(error.find("malformed chunk layout"), std::string::npos) << error;
}

// A chunk header claiming hundreds of millions of positions for a 22-byte
// payload: the training stream reserved room for them (87 GB) before
// decoding anything.
TEST(FuzzInputs, ChunkPositionsBeyondThePayload) {
    expect_refused("chunk-positions-claimed.bin", Variant::name, "malformed chunk layout");
    pantheon::test::TestDir dir;
    StreamOptions options;
    options.threads = 1;
    TrainingStream stream(options);
    std::string error;
    ASSERT_TRUE(stream.open({payload_file(dir, "chunk-positions-claimed.bin")}, &error)) << error;
    std::vector<TrainingPosition> batch(16);
    EXPECT_EQ(stream.read(batch), 0u);
    EXPECT_TRUE(stream.failed());
    EXPECT_NE(stream.error().find("malformed chunk layout"), std::string::npos) << stream.error();
}

}  // namespace
}  // namespace pantheon::data
