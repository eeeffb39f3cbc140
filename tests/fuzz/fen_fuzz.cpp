// libFuzzer target: FEN text, read by every game's parser (fen_check.cpp).
#include "tests/fuzz/fuzz_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
#define PANTHEON_CHECK_FEN(game) pantheon::fuzz::game::check_fen(text);
    PANTHEON_FOR_EACH_GAME(PANTHEON_CHECK_FEN)
#undef PANTHEON_CHECK_FEN
    return 0;
}
