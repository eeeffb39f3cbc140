// Inputs that data_file_fuzz (tests/fuzz) found crashing the reader or
// tripping a sanitizer, kept byte for byte in fixtures/fuzz/. Built into the
// data tests of both games: each input must be refused with a message by
// either game's decoder, and by the game it tripped with the message named.
// A file there is the fuzz target's input: a mode byte whose bit 0 says the
// rest is one chunk's payload (bit 1: read as the newest format version,
// else as the game's own), then that payload.
#include <gtest/gtest.h>

#include "data/chunk_codec.h"
#include "test_files.h"

namespace pantheon::data {
namespace {

struct IgnoringVisitor {
    void begin_game(const GameHeader&, const Position&) {}
    void ply(const Position&, const PlyRecord&, int) {}
    void end_game(const Position&) {}
};

// The decoder's error for the payload of a fuzz input (empty if it decodes).
std::string decode_error(const std::vector<uint8_t>& input, bool check_rules) {
    const uint16_t version = input[0] & 2 ? format::NEWEST_VERSION : codec::WRITTEN_VERSION;
    ChunkDecoder decoder;
    IgnoringVisitor visitor;
    std::string error;
    if (!decoder.open(std::span(input).subspan(1), version, &error)) return error;
    return decoder.decode(visitor, check_rules, &error) ? std::string() : error;
}

// `file` tripped the decoder of `game`, which must now refuse it saying `refusal`.
void expect_refused(const std::string& file, std::string_view game, std::string_view refusal) {
    const std::vector<uint8_t> input =
        test::read_bytes(std::string(PANTHEON_DATA_FIXTURES) + "/fuzz/" + file);
    ASSERT_FALSE(input.empty()) << file;
    ASSERT_TRUE(input[0] & 1) << file << " is not a chunk payload input";
    for (bool check_rules : {false, true}) {
        const std::string error = decode_error(input, check_rules);
        EXPECT_FALSE(error.empty()) << file;
        if (game == Variant::name)
            EXPECT_NE(error.find(refusal), std::string::npos) << file << ": " << error;
    }
}

// A ply's stored score sum (score + previous score) near INT64_MIN: taking
// the previous score off it overflowed.
TEST(FuzzInputs, ScoreSumFarOutOfRange) {
    expect_refused("score-sum-overflow.bin", "pandemonium", "score out of range");
}

}  // namespace
}  // namespace pantheon::data
