// The variant-free start of a net file (docs/NNUE.md "Net files"): magic,
// format version and the name of the game the net plays. Built once
// (pantheon_nnue_common), so a command can learn a file's game before it
// picks that game's loader (nnue/net_file.h), which reads on from here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace pantheon::nnue {

constexpr char NET_MAGIC[8] = {'P', 'N', 'T', 'H', 'N', 'N', 'U', 'E'};
constexpr uint32_t NET_FORMAT_VERSION = 1;
constexpr uint32_t MAX_VARIANT_NAME_BYTES = 64;

struct NetFileStart {
    uint32_t version = 0;
    std::string variant;
    size_t end = 0;  // offset of the first byte after the variant name
};

// Reads and checks magic, version and the variant name's length; false with
// "net file: ..." in error (truncated, wrong magic, unsupported version,
// variant name too long).
bool read_net_file_start(std::span<const uint8_t> bytes, NetFileStart& start,
                         std::string* error = nullptr);

}  // namespace pantheon::nnue
