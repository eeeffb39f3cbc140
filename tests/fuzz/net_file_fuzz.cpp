// libFuzzer target for the net file loader: any bytes must be refused with a
// message (the network left unchanged) or load a net that evaluates and
// saves back to an equal net. The first input byte chooses the mode:
//   even: the rest is the file itself (header fields, truncation, garbage);
//   odd:  the rest becomes the compressed weights of a file whose header and
//         checksum are valid, so the fuzzer reaches zstd and the range checks.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/core/checksum.h"
#include "engine/core/position.h"
#include "nnue/evaluate.h"
#include "nnue/net_file.h"

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "net_file_fuzz: %s\n", what);
    std::abort();
}

// A valid file around the given compressed weights: the header of an empty
// net's file (no description) up to the uncompressed size, then the
// compressed size, the weights and a fresh checksum.
std::vector<uint8_t> wrap_weights(const uint8_t* data, size_t size) {
    static const std::vector<uint8_t> empty = pantheon::nnue::serialize_network({});
    // magic, version, name length, name, feature set, architecture,
    // description length, uncompressed size
    const size_t header = 8 + 4 + 4 + pantheon::Variant::name.size() + 4 + 4 + 4 + 8;
    std::vector<uint8_t> out(empty.begin(), empty.begin() + header);
    for (int i = 0; i < 8; ++i) out.push_back(uint8_t(uint64_t(size) >> (8 * i)));
    out.insert(out.end(), data, data + size);
    const uint64_t sum = pantheon::checksum64(out);
    for (int i = 0; i < 8; ++i) out.push_back(uint8_t(sum >> (8 * i)));
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pantheon;
    if (size == 0) return 0;
    const std::vector<uint8_t> file = data[0] % 2 ? wrap_weights(data + 1, size - 1)
                                                  : std::vector<uint8_t>(data + 1, data + size);
    static nnue::Network net;  // all zero: stays so whenever a load fails
    static const nnue::Network untouched;
    std::string error;
    if (!nnue::deserialize_network(file, net, &error)) {
        if (error.rfind("net file: ", 0) != 0) fail("refused without a message");
        if (!(net == untouched)) fail("a failed load changed the network");
        return 0;
    }
    // Loaded: it must evaluate, and save and load back to the same net.
    (void)nnue::evaluate_reference(net, Position::start());
    nnue::Network again;
    if (!nnue::deserialize_network(nnue::serialize_network(net), again, &error))
        fail("a loaded net does not load back after saving");
    if (!(again == net)) fail("save and load changed the net");
    net = untouched;
    return 0;
}
