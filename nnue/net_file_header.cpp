#include "nnue/net_file_header.h"

#include <cstring>

namespace pantheon::nnue {

namespace {

bool fail(std::string* error, const std::string& what) {
    if (error) *error = "net file: " + what;
    return false;
}

uint32_t load_u32(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

}  // namespace

bool read_net_file_start(std::span<const uint8_t> bytes, NetFileStart& start, std::string* error) {
    constexpr size_t VERSION_AT = sizeof NET_MAGIC, NAME_LENGTH_AT = VERSION_AT + 4,
                     NAME_AT = NAME_LENGTH_AT + 4;
    if (bytes.size() < sizeof NET_MAGIC) return fail(error, "truncated (no complete magic)");
    if (std::memcmp(bytes.data(), NET_MAGIC, sizeof NET_MAGIC) != 0)
        return fail(error, "wrong magic (not a Pantheon net file)");
    if (bytes.size() < NAME_LENGTH_AT) return fail(error, "truncated in the header");
    const uint32_t version = load_u32(bytes.data() + VERSION_AT);
    if (version != NET_FORMAT_VERSION)
        return fail(error, "unsupported format version " + std::to_string(version) +
                               " (this build reads " + std::to_string(NET_FORMAT_VERSION) + ")");
    if (bytes.size() < NAME_AT) return fail(error, "truncated in the header");
    const uint32_t name_bytes = load_u32(bytes.data() + NAME_LENGTH_AT);
    if (name_bytes > MAX_VARIANT_NAME_BYTES) return fail(error, "variant name too long");
    if (bytes.size() - NAME_AT < name_bytes) return fail(error, "truncated in the header");
    start.version = version;
    start.variant.assign(reinterpret_cast<const char*>(bytes.data() + NAME_AT), name_bytes);
    start.end = NAME_AT + name_bytes;
    return true;
}

}  // namespace pantheon::nnue
