#include "data/chunk_compression.h"

#include <zstd.h>

#include "data/byte_io.h"
#include "data/file_format.h"

namespace pantheon::data {

namespace {

// The leading table both forms share: counts, then one entry per stream.
struct StreamTable {
    uint64_t games = 0, plies = 0;
    uint64_t raw[format::PAYLOAD_STREAMS] = {};
    uint64_t packed[format::PAYLOAD_STREAMS] = {};
};

}  // namespace

ChunkCompressor::ChunkCompressor(int level) : context_(ZSTD_createCCtx()), level_(level) {}
ChunkCompressor::~ChunkCompressor() {
    ZSTD_freeCCtx(static_cast<ZSTD_CCtx*>(context_));
}

bool ChunkCompressor::compress(std::span<const uint8_t> payload, std::vector<uint8_t>& body,
                               std::string* error) {
    auto fail = [&](const std::string& why) {
        if (error) *error = why;
        return false;
    };
    if (!context_) return fail("cannot create a zstd context");
    ByteReader in(payload);
    StreamTable t;
    t.games = in.varint();
    t.plies = in.varint();
    for (uint64_t& r : t.raw) r = in.varint();
    std::vector<uint8_t> frames;
    for (int s = 0; s < format::PAYLOAD_STREAMS; ++s) {
        const auto raw = in.take(t.raw[s]);
        if (in.failed()) return fail("malformed chunk payload");
        if (raw.empty()) continue;
        const size_t at = frames.size();
        frames.resize(at + ZSTD_compressBound(raw.size()));
        const size_t n = ZSTD_compressCCtx(static_cast<ZSTD_CCtx*>(context_), frames.data() + at,
                                           frames.size() - at, raw.data(), raw.size(), level_);
        if (ZSTD_isError(n)) return fail(std::string("zstd: ") + ZSTD_getErrorName(n));
        frames.resize(at + n);
        t.packed[s] = n;
    }
    if (!in.at_end()) return fail("malformed chunk payload");
    body.clear();
    ByteWriter out(body);
    out.varint(t.games);
    out.varint(t.plies);
    for (int s = 0; s < format::PAYLOAD_STREAMS; ++s) {
        out.varint(t.raw[s]);
        out.varint(t.packed[s]);
    }
    out.bytes(frames);
    return true;
}

bool decompress_chunk_body(std::span<const uint8_t> body, uint32_t raw_bytes,
                           std::vector<uint8_t>& payload, std::string* error) {
    auto fail = [&](const std::string& why) {
        if (error) *error = why;
        return false;
    };
    ByteReader in(body);
    StreamTable t;
    t.games = in.varint();
    t.plies = in.varint();
    uint64_t raw_total = 0;
    for (int s = 0; s < format::PAYLOAD_STREAMS; ++s) {
        t.raw[s] = in.varint();
        t.packed[s] = in.varint();
        raw_total += t.raw[s];
        if ((t.raw[s] == 0) != (t.packed[s] == 0) || t.raw[s] > raw_bytes)
            return fail("bad stream table");
    }
    if (in.failed()) return fail("bad stream table");
    payload.clear();
    payload.reserve(raw_bytes);
    ByteWriter head(payload);
    head.varint(t.games);
    head.varint(t.plies);
    for (uint64_t r : t.raw) head.varint(r);
    if (payload.size() + raw_total != raw_bytes)
        return fail("stream sizes disagree with the chunk header");
    for (int s = 0; s < format::PAYLOAD_STREAMS; ++s) {
        const auto frame = in.take(t.packed[s]);
        if (in.failed()) return fail("stream frames end early");
        if (frame.empty()) continue;
        const size_t at = payload.size();
        payload.resize(at + t.raw[s]);
        const size_t n = ZSTD_decompress(payload.data() + at, t.raw[s], frame.data(), frame.size());
        if (ZSTD_isError(n)) return fail(std::string("zstd: ") + ZSTD_getErrorName(n));
        if (n != t.raw[s]) return fail("a stream decompressed to the wrong size");
    }
    if (!in.at_end()) return fail("unexpected bytes after the stream frames");
    return true;
}

}  // namespace pantheon::data
