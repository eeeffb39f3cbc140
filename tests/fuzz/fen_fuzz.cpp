// libFuzzer target: FEN text, read by both games' parsers (fen_check.cpp).
#include "tests/fuzz/fuzz_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    pantheon::fuzz::check_fen_mansindam(text);
    pantheon::fuzz::check_fen_pandemonium(text);
    return 0;
}
