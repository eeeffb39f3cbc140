// libFuzzer target: net files, through every game's EvalFile path
// (net_file_check.cpp). The first input byte chooses the mode:
//   even: the rest is the file itself (header fields, truncation, garbage);
//   odd:  the rest becomes the compressed weights of a file whose header and
//         checksum are valid, so the fuzzer reaches zstd and the range checks.
#include "tests/fuzz/fuzz_checks.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

using namespace pantheon::fuzz;

void check(ScratchFile& file, const std::string& bytes, void (*check_net)(const std::string&)) {
    check_net(file.write(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    static ScratchFile file("net.nnue");
    const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
    if (data[0] % 2 == 0) {
        file.write(data + 1, size - 1);
#define PANTHEON_CHECK_NET_FILE(game) game::check_net_file(file.path());
        PANTHEON_FOR_EACH_GAME(PANTHEON_CHECK_NET_FILE)
#undef PANTHEON_CHECK_NET_FILE
    } else {
#define PANTHEON_CHECK_NET_WEIGHTS(game) \
    check(file, game::wrap_net_weights(rest), game::check_net_file);
        PANTHEON_FOR_EACH_GAME(PANTHEON_CHECK_NET_WEIGHTS)
#undef PANTHEON_CHECK_NET_WEIGHTS
    }
    return 0;
}
