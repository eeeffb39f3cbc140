// Data files for one game (fuzz_checks.h), checked as `pantheon data verify`
// checks them (data::verify_inputs): any bytes must be refused with the
// problems named, or verify; the games of a verified file must then be what
// the writer accepts and read back the same after writing.
#include "data/chunk_codec.h"
#include "data/chunk_compression.h"
#include "data/dataset_verify.h"
#include "data/file_format.h"
#include "data/game_file.h"
#include "tests/fuzz/fuzz_checks.h"
#include "tests/fuzz/fuzz_support.h"

namespace pantheon::fuzz {

namespace {

constexpr std::string_view TARGET = "data_file_fuzz";
constexpr int CHECK_THREADS = 1;
constexpr int SEED_ZSTD_LEVEL = 1;  // wrapping is per input: fast, not small

std::span<const uint8_t> bytes_of(std::string_view s) {
    return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

void append(std::string& out, std::span<const uint8_t> bytes) {
    out.append(reinterpret_cast<const char*>(bytes.data()), bytes.size());
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
    const std::string file = PANTHEON_VARIANT_ENTRY(wrap_chunk_payload)(
        std::string_view(reinterpret_cast<const char*>(payload.data()), payload.size()),
        data::codec::WRITTEN_VERSION == data::format::NEWEST_VERSION);
    static ScratchFile again("again.pgd");
    std::vector<data::GameRecord> back;
    if (!data::read_game_file(again.write(bytes_of(file).data(), file.size()), back, &error))
        fail(TARGET, "re-encoded games do not read", error);
    if (back != games) fail(TARGET, "re-encoded games read back differently");
}

}  // namespace

void PANTHEON_VARIANT_ENTRY(check_data_file)(const std::string& path) {
    const data::VerifyReport report = data::verify_inputs({path}, CHECK_THREADS, nullptr);
    if (!report.ok()) {
        for (const std::string& problem : report.problems)
            if (problem.empty()) fail(TARGET, "a problem without a message");
        return;
    }
    if (report.files != 1) fail(TARGET, "verified a file count other than one");
    check_round_trip(path);
}

std::string PANTHEON_VARIANT_ENTRY(wrap_chunk_payload)(std::string_view payload,
                                                       bool newest_version) {
    const uint16_t version =
        newest_version ? data::format::NEWEST_VERSION : data::codec::WRITTEN_VERSION;
    data::ChunkDecoder decoder;
    const bool counted = decoder.open(bytes_of(payload), version, nullptr);
    data::format::ChunkHeader chunk;
    chunk.games = counted ? uint32_t(decoder.games()) : 0;
    chunk.positions = counted ? uint32_t(decoder.plies()) : 0;
    std::vector<uint8_t> body;
    data::ChunkCompressor compressor(SEED_ZSTD_LEVEL);
    if (!compressor.compress(bytes_of(payload), body, nullptr))
        body.assign(payload.begin(), payload.end());  // stored as it is: the reader refuses it
    chunk.raw_bytes = uint32_t(payload.size());
    chunk.compressed_bytes = uint32_t(body.size());
    chunk.checksum = data::format::chunk_checksum(data::format::encode_chunk_header(chunk), body);

    data::format::FileHeader header;
    header.version = version;
    header.variant = std::string(Variant::name);
    header.games = chunk.games;
    header.positions = chunk.positions;
    header.chunks = 1;
    std::string out;
    append(out, data::format::encode_header(header));
    append(out, data::format::encode_chunk_header(chunk));
    append(out, body);
    return out;
}

std::vector<std::string> PANTHEON_VARIANT_ENTRY(chunk_payloads)(const std::string& path) {
    std::vector<std::string> payloads;
    data::GameFileReader reader;
    if (!reader.open(path, nullptr)) return payloads;
    std::vector<uint8_t> payload;
    for (size_t i = 0; i < reader.chunks().size(); ++i)
        if (reader.read_chunk_payload(i, payload, nullptr))
            payloads.emplace_back(payload.begin(), payload.end());
    return payloads;
}

}  // namespace pantheon::fuzz
