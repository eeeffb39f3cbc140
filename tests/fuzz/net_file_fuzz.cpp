// libFuzzer target: net files, through both games' EvalFile path
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
        check_net_file_mansindam(file.path());
        check_net_file_pandemonium(file.path());
    } else {
        check(file, wrap_net_weights_mansindam(rest), check_net_file_mansindam);
        check(file, wrap_net_weights_pandemonium(rest), check_net_file_pandemonium);
    }
    return 0;
}
