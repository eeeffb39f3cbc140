// Data files for one game (fuzz_checks.h), checked as `pantheon data verify`
// checks them (data::verify_inputs): any bytes must be refused with the
// problems named, or verify; the games of a verified file must then be what
// the writer accepts and read back the same after writing. The same bytes
// also go through the trainer's reader (data::TrainingStream), which must
// fail with a message or, for a verified file, give every position.
#include <optional>

#include "data/chunk_codec.h"
#include "data/dataset_verify.h"
#include "data/game_file.h"
#include "data/training_stream.h"
#include "tests/data/payload_file.h"
#include "tests/fuzz/fuzz_support.h"

namespace pantheon::fuzz {

namespace {

constexpr std::string_view TARGET = "data_file_fuzz";
constexpr int CHECK_THREADS = 1;
constexpr size_t STREAM_BATCH = 256;

std::span<const uint8_t> bytes_of(std::string_view s) {
    return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

// Games the reader accepted must encode again (the writer is at least as
// strict as verify) and decode to themselves.
void check_round_trip(const std::string& path) {
    std::vector<data::GameRecord> games;
    std::string error;
    if (!data::read_game_file(path, games, &error))
        fail(TARGET, "a verified file does not read", error);
    data::ChunkEncoder encoder;
    for (const data::GameRecord& g : games)
        if (!encoder.add(g, &error)) fail(TARGET, "the writer refuses a verified game", error);
    const std::vector<uint8_t> payload = encoder.finish();
    const std::vector<uint8_t> file =
        data::test::file_of_payload(payload, data::codec::WRITTEN_VERSION);
    static ScratchFile again("again.pgd");
    std::vector<data::GameRecord> back;
    if (!data::read_game_file(again.write(file.data(), file.size()), back, &error))
        fail(TARGET, "re-encoded games do not read", error);
    if (back != games) fail(TARGET, "re-encoded games read back differently");
}

// The trainer's reader, in file order with every ply: the positions it
// gives, or nullopt when it refuses the file (with a message).
std::optional<uint64_t> stream_positions(const std::string& path) {
    data::StreamOptions options;
    options.threads = CHECK_THREADS;
    options.shuffle_buffer = 1;
    options.shuffle_chunks = false;
    options.skip_excluded = false;
    data::TrainingStream stream(options);
    std::string error;
    if (!stream.open({path}, &error)) {
        if (error.empty()) fail(TARGET, "the training stream refused a file without a message");
        return std::nullopt;
    }
    std::vector<data::TrainingPosition> batch(STREAM_BATCH);
    uint64_t positions = 0;
    while (const size_t n = stream.read(batch)) positions += n;
    if (stream.failed()) {
        if (stream.error().empty()) fail(TARGET, "the training stream failed without a message");
        return std::nullopt;
    }
    return positions;
}

}  // namespace

// This game's checks (declared for the targets in fuzz_checks.h).
PANTHEON_VARIANT_BEGIN

void check_data_file(const std::string& path) {
    const data::VerifyReport report = data::verify_inputs({path}, CHECK_THREADS, nullptr);
    const std::optional<uint64_t> streamed = stream_positions(path);
    if (!report.ok()) {
        for (const std::string& problem : report.problems)
            if (problem.empty()) fail(TARGET, "a problem without a message");
        return;
    }
    if (report.files != 1) fail(TARGET, "verified a file count other than one");
    if (streamed != report.positions)
        fail(TARGET, "the training stream disagrees with verify on a verified file");
    check_round_trip(path);
}

std::string wrap_chunk_payload(std::string_view payload, bool newest_version) {
    const std::vector<uint8_t> file = data::test::file_of_payload(
        bytes_of(payload),
        newest_version ? data::format::NEWEST_VERSION : data::codec::WRITTEN_VERSION);
    return std::string(file.begin(), file.end());
}

std::vector<std::string> chunk_payloads(const std::string& path) {
    std::vector<std::string> payloads;
    data::GameFileReader reader;
    if (!reader.open(path, nullptr)) return payloads;
    std::vector<uint8_t> payload;
    for (size_t i = 0; i < reader.chunks().size(); ++i)
        if (reader.read_chunk_payload(i, payload, nullptr))
            payloads.emplace_back(payload.begin(), payload.end());
    return payloads;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::fuzz
