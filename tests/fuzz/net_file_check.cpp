// Net files for one game (fuzz_checks.h), read as `setoption name EvalFile`
// reads them (nnue::load_network, which allocates a net and fills it with
// nnue::load_network_file; the fuzz target reuses one net instead, since
// allocating a net's millions of weights per input under the sanitizers
// would take most of each run): any bytes must be refused with a message, or
// load a net that evaluates. (Saving a net back is not checked here: at
// the files' compression level it would take most of each run; the unit
// tests cover the round trip.)
#include "engine/core/checksum.h"
#include "engine/core/position.h"
#include "nnue/evaluate.h"
#include "nnue/net_file.h"
#include "tests/fuzz/fuzz_support.h"

namespace pantheon::fuzz {

namespace {

constexpr std::string_view TARGET = "net_file_fuzz";

// Bytes of a net file before the compressed weights when its description is
// empty: magic, version, name length, name, feature set, architecture,
// description length, uncompressed size, compressed size (docs/NNUE.md).
constexpr size_t header_bytes() {
    return 8 + 4 + 4 + Variant::name.size() + 4 + 4 + 4 + 8 + 8;
}

void put64(std::string& out, uint64_t v) {
    for (int i = 0; i < 8; ++i) out.push_back(char(uint8_t(v >> (8 * i))));
}

}  // namespace

// This game's checks (declared for the targets in fuzz_checks.h).
PANTHEON_VARIANT_BEGIN

void check_net_file(const std::string& path) {
    static nnue::Network net;
    std::string error;
    if (!nnue::load_network_file(path, net, &error)) {
        if (error.rfind("net file: ", 0) != 0) fail(TARGET, "refused without a message", error);
        return;
    }
    (void)nnue::evaluate_reference(net, Position::start());
}

std::string wrap_net_weights(std::string_view compressed) {
    // The header of an empty net's file up to the uncompressed size.
    static const std::vector<uint8_t> empty = nnue::serialize_network({});
    std::string out(empty.begin(), empty.begin() + (header_bytes() - 8));
    put64(out, compressed.size());
    out += compressed;
    const uint64_t sum =
        checksum64(std::span(reinterpret_cast<const uint8_t*>(out.data()), out.size()));
    put64(out, sum);
    return out;
}

std::string net_file_weights(std::string_view file) {
    if (file.size() < header_bytes() + 8) return {};
    return std::string(file.substr(header_bytes(), file.size() - header_bytes() - 8));
}

std::string empty_net_file() {
    const std::vector<uint8_t> bytes = nnue::serialize_network({});
    return std::string(bytes.begin(), bytes.end());
}

PANTHEON_VARIANT_END
}  // namespace pantheon::fuzz
