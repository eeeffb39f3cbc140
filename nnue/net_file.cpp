#include "nnue/net_file.h"

#include <zstd.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>

#include "engine/core/checksum.h"
#include "engine/core/variant.h"
#include "util/atomic_file.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

static_assert(std::endian::native == std::endian::little,
              "net files store little-endian values; this build copies them as they are");

namespace {

// Bytes of the uncompressed weights of a net whose first layer is `width`
// wide (for_each_parameter_array's order and types): linear in the width.
constexpr size_t payload_bytes(size_t width) {
    return width * 2 + size_t(arch::INPUTS) * width * 2 + size_t(arch::INPUTS) * 4 +
           size_t(arch::L2) * width + arch::L2 * 4 + size_t(arch::L3) * arch::L2 +
           arch::L3 * 4 + arch::L3 + 4;
}
constexpr size_t PAYLOAD_BYTES_PER_WIDTH = payload_bytes(1) - payload_bytes(0);

void put32(std::vector<uint8_t>& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}
void put64(std::vector<uint8_t>& out, uint64_t v) {
    for (int i = 0; i < 8; ++i) out.push_back(uint8_t(v >> (8 * i)));
}

// Reads fields front to back; any read past the end marks the input truncated.
class Reader {
  public:
    explicit Reader(std::span<const uint8_t> b) : bytes_(b) {}
    bool u32(uint32_t& v) {
        uint64_t w;
        if (!take(4, w)) return false;
        v = uint32_t(w);
        return true;
    }
    bool u64(uint64_t& v) { return take(8, v); }
    bool raw(size_t n, const uint8_t*& p) {
        if (bytes_.size() - pos_ < n) return false;
        p = bytes_.data() + pos_;
        pos_ += n;
        return true;
    }
    size_t pos() const { return pos_; }
    size_t remaining() const { return bytes_.size() - pos_; }

  private:
    bool take(int n, uint64_t& v) {
        if (bytes_.size() - pos_ < size_t(n)) return false;
        v = 0;
        for (int i = 0; i < n; ++i) v |= uint64_t(bytes_[pos_ + i]) << (8 * i);
        pos_ += n;
        return true;
    }
    std::span<const uint8_t> bytes_;
    size_t pos_ = 0;
};

bool fail(std::string* error, const std::string& what) {
    if (error) *error = "net file: " + what;
    return false;
}

std::string hex(uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

// Values the inference relies on staying inside (network.h's limits).
bool check_ranges(const Network& n, std::string* error) {
    auto within = [](const auto& values, int64_t limit) {
        for (auto v : values)
            if (int64_t(v) < -limit || int64_t(v) > limit) return false;
        return true;
    };
    if (!within(n.psqt_weights, PSQT_LIMIT)) return fail(error, "PSQT weight out of range");
    if (!within(n.l2_bias, BIAS_LIMIT) || !within(n.l3_bias, BIAS_LIMIT) ||
        n.out_bias < -BIAS_LIMIT || n.out_bias > BIAS_LIMIT)
        return fail(error, "dense bias out of range");
    if (!within(n.l2_weights, DENSE_WEIGHT_MAX) || !within(n.l3_weights, DENSE_WEIGHT_MAX) ||
        !within(n.out_weights, DENSE_WEIGHT_MAX))
        return fail(error, "dense weight -128 (weights are symmetric, +-127)");
    return true;
}

}  // namespace

std::vector<uint8_t> serialize_network(const Network& net) {
    std::vector<uint8_t> payload;
    payload.reserve(payload_bytes(net.ft_bias.size()));
    for_each_parameter_array(net, [&](auto* p, size_t count) {
        const auto* b = reinterpret_cast<const uint8_t*>(p);
        payload.insert(payload.end(), b, b + sizeof(*p) * count);
    });

    std::vector<uint8_t> out(NET_MAGIC, NET_MAGIC + sizeof NET_MAGIC);
    put32(out, NET_FORMAT_VERSION);
    put32(out, uint32_t(Variant::name.size()));
    out.insert(out.end(), Variant::name.begin(), Variant::name.end());
    put32(out, features::FEATURE_SET_ID);
    put32(out, arch::hash_for_width(int(net.ft_bias.size())));
    const size_t description_bytes =
        std::min<size_t>(net.description.size(), MAX_DESCRIPTION_BYTES);
    put32(out, uint32_t(description_bytes));
    out.insert(out.end(), net.description.begin(), net.description.begin() + description_bytes);

    std::vector<uint8_t> compressed(ZSTD_compressBound(payload.size()));
    const size_t csize = ZSTD_compress(compressed.data(), compressed.size(), payload.data(),
                                       payload.size(), NET_COMPRESSION_LEVEL);
    // Compressing into a buffer of ZSTD_compressBound bytes cannot fail.
    compressed.resize(ZSTD_isError(csize) ? 0 : csize);
    put64(out, payload.size());
    put64(out, compressed.size());
    out.insert(out.end(), compressed.begin(), compressed.end());
    put64(out, checksum64(out));
    return out;
}

bool read_stored_net(std::span<const uint8_t> bytes, StoredNet& stored, std::string* error) {
    NetFileStart start;
    if (!read_net_file_start(bytes, start, error)) return false;
    if (start.variant != Variant::name)
        return fail(error, "wrong variant '" + start.variant + "' (this build plays '" +
                               std::string(Variant::name) + "')");
    Reader r(bytes);
    const uint8_t* p = nullptr;
    r.raw(start.end, p);
    uint32_t feature_set = 0, arch_hash = 0, description_bytes = 0;
    if (!r.u32(feature_set)) return fail(error, "truncated in the header");
    if (feature_set != features::FEATURE_SET_ID)
        return fail(error, "wrong feature set " + hex(feature_set) + " (expected " +
                               hex(features::FEATURE_SET_ID) + ")");
    if (!r.u32(arch_hash)) return fail(error, "truncated in the header");
    if (!r.u32(description_bytes)) return fail(error, "truncated in the header");
    if (description_bytes > MAX_DESCRIPTION_BYTES) return fail(error, "description too long");
    const uint8_t* description = nullptr;
    if (!r.raw(description_bytes, description)) return fail(error, "truncated in the description");
    uint64_t raw_size = 0, compressed_size = 0;
    if (!r.u64(raw_size) || !r.u64(compressed_size)) return fail(error, "truncated in the header");
    // The weights' size names the first layer's width; the hash must agree.
    const uint64_t width = raw_size >= payload_bytes(0)
                               ? (raw_size - payload_bytes(0)) / PAYLOAD_BYTES_PER_WIDTH
                               : 0;
    if (width == 0 || width > uint64_t(MAX_STORED_WIDTH) || payload_bytes(width) != raw_size ||
        arch_hash != arch::hash_for_width(int(width)))
        return fail(error, "wrong architecture hash " + hex(arch_hash) + " (expected " +
                               hex(arch::hash()) + ")");
    const uint8_t* compressed = nullptr;
    if (compressed_size > r.remaining() || !r.raw(size_t(compressed_size), compressed))
        return fail(error, "truncated in the weights");
    const size_t checked = r.pos();
    uint64_t stored_checksum = 0;
    if (!r.u64(stored_checksum)) return fail(error, "truncated (no checksum)");
    if (r.remaining() != 0)
        return fail(error, std::to_string(r.remaining()) + " trailing bytes after the checksum");
    if (checksum64(bytes.first(checked)) != stored_checksum)
        return fail(error, "bad checksum (the file is corrupt)");

    // The frame declares its size: refuse a wrong one before allocating anything.
    const unsigned long long declared = ZSTD_getFrameContentSize(compressed, compressed_size);
    if (declared == ZSTD_CONTENTSIZE_ERROR)
        return fail(error, "weights do not decompress: not a zstd frame");
    if (declared != ZSTD_CONTENTSIZE_UNKNOWN && declared != raw_size)
        return fail(error, "weights decompress to the wrong size");
    std::vector<uint8_t> payload(raw_size);
    const size_t got =
        ZSTD_decompress(payload.data(), payload.size(), compressed, size_t(compressed_size));
    if (ZSTD_isError(got))
        return fail(error, std::string("weights do not decompress: ") + ZSTD_getErrorName(got));
    if (got != raw_size) return fail(error, "weights decompress to the wrong size");
    stored.width = int(width);
    stored.payload = std::move(payload);
    stored.description.assign(reinterpret_cast<const char*>(description), description_bytes);
    return true;
}

bool unpack_stored_net(const StoredNet& stored, Network& net, std::string* error) {
    if (payload_bytes(size_t(stored.width)) != stored.payload.size())
        return fail(error, "weights size " + std::to_string(stored.payload.size()) +
                               " does not match a first layer " + std::to_string(stored.width) +
                               " wide");
    auto loaded = std::make_unique<Network>();
    loaded->ft_bias.resize(size_t(stored.width));
    loaded->ft_weights.resize(size_t(arch::INPUTS) * stored.width);
    loaded->l2_weights.resize(size_t(arch::L2) * stored.width);
    size_t offset = 0;
    for_each_parameter_array(*loaded, [&](auto* dst, size_t count) {
        std::memcpy(dst, stored.payload.data() + offset, sizeof(*dst) * count);
        offset += sizeof(*dst) * count;
    });
    if (!check_ranges(*loaded, error)) return false;
    loaded->description = stored.description;
    net = std::move(*loaded);
    return true;
}

bool deserialize_network(std::span<const uint8_t> bytes, Network& net, std::string* error) {
    StoredNet stored;
    if (!read_stored_net(bytes, stored, error)) return false;
    if (stored.width != arch::L1)
        return fail(error, "a first layer " + std::to_string(stored.width) +
                               " wide (this build's is " + std::to_string(arch::L1) + "; " +
                               (stored.width < arch::L1
                                    ? "`pantheon net widen` makes a net of this build's width"
                                    : "a build of its width plays it, docs/NNUE.md") +
                               ")");
    return unpack_stored_net(stored, net, error);
}

bool load_network_file(const std::string& path, Network& net, std::string* error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(error, "cannot open '" + path + "'");
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                               std::istreambuf_iterator<char>());
    if (in.bad()) return fail(error, "cannot read '" + path + "'");
    if (!deserialize_network(bytes, net, error)) {
        if (error) *error += " ('" + path + "')";
        return false;
    }
    return true;
}

bool save_network_file(const std::string& path, const Network& net, std::string* error) {
    return util::write_file_atomically(path, serialize_network(net), error);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
