// The per-game halves of the fuzz targets: each is compiled once per game
// (fuzz_checks library, see CMakeLists.txt) into the game's namespace,
// pantheon::fuzz::<game> (like the binary's own halves, app/run_for_game.h),
// and the targets run them for every game of engine/core/games.h. Each
// returns normally when the input was handled as the contract says (refused
// with a message, or accepted and consistent) and aborts otherwise.
//
// For the variant-free targets only: a game's own sources define these in
// their game's inline namespace, which must not be reopened as a plain one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/games.h"

namespace pantheon::fuzz {

#define PANTHEON_DECLARE_FUZZ_CHECKS(game)                                                   \
    namespace game {                                                                         \
    /* FEN text: refused with a message, or a consistent position that prints back to     */ \
    /* itself and whose moves make and unmake cleanly (fen_check.cpp).                    */ \
    void check_fen(std::string_view text);                                                   \
    /* A net file read through the EvalFile path (nnue::load_network) from `path`:        */ \
    /* refused with a message, or a net that evaluates and saves back to the same net.    */ \
    void check_net_file(const std::string& path);                                            \
    /* The file of a net whose compressed weights are `compressed` (a valid header and    */ \
    /* checksum around them), so that mutations reach zstd and the range checks.          */ \
    std::string wrap_net_weights(std::string_view compressed);                               \
    /* For seeds: the file of an all-zero net, and the compressed weights in such a file. */ \
    std::string empty_net_file();                                                            \
    std::string net_file_weights(std::string_view file);                                     \
    /* A data file checked as `pantheon data verify` checks it (data_file_check.cpp).     */ \
    void check_data_file(const std::string& path);                                           \
    /* A data file of one chunk whose payload is `payload` (its header, counts,           */ \
    /* compression and checksum made valid), so that mutations reach the decoder.         */ \
    std::string wrap_chunk_payload(std::string_view payload, bool newest_version);           \
    /* For seeds: the decompressed payload of every chunk of a data file of the game.     */ \
    std::vector<std::string> chunk_payloads(const std::string& path);                        \
    }
PANTHEON_FOR_EACH_GAME(PANTHEON_DECLARE_FUZZ_CHECKS)
#undef PANTHEON_DECLARE_FUZZ_CHECKS

}  // namespace pantheon::fuzz
