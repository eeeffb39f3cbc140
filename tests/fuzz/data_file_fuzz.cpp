// libFuzzer target: data files (.pgd), checked by every game's reader as
// `pantheon data verify` checks them (data_file_check.cpp). The first input byte
// chooses the mode:
//   bit 0 clear: the rest is the file itself (headers, truncation, checksums);
//   bit 0 set:   the rest is one chunk's decompressed payload, put into a file
//                whose headers, counts and checksums are valid, so that the
//                fuzzer reaches the decoder; bit 1 picks the newest format
//                version instead of the game's own.
#include "tests/fuzz/fuzz_checks.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

using namespace pantheon::fuzz;

constexpr uint8_t MODE_PAYLOAD = 1;
constexpr uint8_t MODE_NEWEST_VERSION = 2;

void check(ScratchFile& file, const std::string& bytes, void (*check_file)(const std::string&)) {
    check_file(file.write(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    static ScratchFile file("data.pgd");
    const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
    if (!(data[0] & MODE_PAYLOAD)) {
        file.write(data + 1, size - 1);
#define PANTHEON_CHECK_DATA_FILE(game) game::check_data_file(file.path());
        PANTHEON_FOR_EACH_GAME(PANTHEON_CHECK_DATA_FILE)
#undef PANTHEON_CHECK_DATA_FILE
        return 0;
    }
    const bool newest = data[0] & MODE_NEWEST_VERSION;
#define PANTHEON_CHECK_PAYLOAD(game) \
    check(file, game::wrap_chunk_payload(rest, newest), game::check_data_file);
    PANTHEON_FOR_EACH_GAME(PANTHEON_CHECK_PAYLOAD)
#undef PANTHEON_CHECK_PAYLOAD
    return 0;
}
