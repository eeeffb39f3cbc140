// The per-game halves of the fuzz targets: each is compiled once per variant
// (fuzz_checks library, see CMakeLists.txt) and named with the variant, like
// the binary's own per-game entry points (engine/core/variant.h). Each returns
// normally when the input was handled as the contract says (refused with a
// message, or accepted and consistent) and aborts otherwise.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pantheon::fuzz {

// FEN text: refused with a message, or a consistent position that prints back
// to itself and whose moves make and unmake cleanly.
void check_fen_mansindam(std::string_view text);
void check_fen_pandemonium(std::string_view text);

// A net file read through the EvalFile path (nnue::load_network) from
// `path`: refused with a message, or a net that evaluates and saves back to
// the same net.
void check_net_file_mansindam(const std::string& path);
void check_net_file_pandemonium(const std::string& path);
// The file of a net whose compressed weights are `compressed` (a valid
// header and checksum around them), so that mutations reach zstd and the
// range checks instead of stopping at the checksum.
std::string wrap_net_weights_mansindam(std::string_view compressed);
std::string wrap_net_weights_pandemonium(std::string_view compressed);
// For seeds: the file of an all-zero net (no description), and the
// compressed weights inside such a file.
std::string empty_net_file_mansindam();
std::string empty_net_file_pandemonium();
std::string net_file_weights_mansindam(std::string_view file);
std::string net_file_weights_pandemonium(std::string_view file);

// A data file checked as `pantheon data verify` checks it: refused with
// problems named, or verified.
void check_data_file_mansindam(const std::string& path);
void check_data_file_pandemonium(const std::string& path);
// A data file of one chunk whose payload is `payload` (its header, counts,
// compression and checksum made valid), so that mutations reach the decoder.
std::string wrap_chunk_payload_mansindam(std::string_view payload, bool newest_version);
std::string wrap_chunk_payload_pandemonium(std::string_view payload, bool newest_version);
// For seeds: the decompressed payload of every chunk of a data file of the game.
std::vector<std::string> chunk_payloads_mansindam(const std::string& path);
std::vector<std::string> chunk_payloads_pandemonium(const std::string& path);

}  // namespace pantheon::fuzz
