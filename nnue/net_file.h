// Net files (docs/NNUE.md has the byte layout): a header naming the format
// version, variant, feature set and architecture, a description, the
// weights zstd-compressed, and a checksum over everything before it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "nnue/net_file_header.h"
#include "nnue/network.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

constexpr uint32_t MAX_DESCRIPTION_BYTES = 1 << 16;
constexpr int NET_COMPRESSION_LEVEL = 9;

// The file's bytes for a net (its description included).
std::vector<uint8_t> serialize_network(const Network& net);

// Parses and validates a whole file. On failure returns false, leaves net
// unchanged and, if given, says what is wrong in error.
bool deserialize_network(std::span<const uint8_t> bytes, Network& net,
                         std::string* error = nullptr);

// A net file's weights as stored, for any first-layer width of this build's
// architecture (the hash in the file names the width, and the weights' size
// must agree): what `pantheon net widen` reads. Width and payload are
// checked as deserialize_network checks them, all but the width.
struct StoredNet {
    int width = 0;
    std::vector<uint8_t> payload;  // uncompressed, for_each_parameter_array's order
    std::string description;
};
constexpr int MAX_STORED_WIDTH = 4096;
bool read_stored_net(std::span<const uint8_t> bytes, StoredNet& stored,
                     std::string* error = nullptr);
// The stored weights as a Network whose first-layer arrays are stored.width
// wide (the engine evaluates only arch::L1); checks the value ranges.
bool unpack_stored_net(const StoredNet& stored, Network& net, std::string* error = nullptr);

// File wrappers: load reads the whole file then deserializes (net unchanged
// on failure); save publishes the file atomically (util/atomic_file.h).
bool load_network_file(const std::string& path, Network& net, std::string* error = nullptr);
bool save_network_file(const std::string& path, const Network& net, std::string* error = nullptr);

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
