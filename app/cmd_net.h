// `pantheon net info FILE [--json]`'s request: the net file's header facts
// and lineage; `pantheon net widen FILE --out WIDE [--seed N]`'s: the net
// carried to this build's first-layer width (nnue/net_widen.h). The reading (cmd_net_game.cpp) is compiled once per game,
// against that game's loader; cmd_net.cpp reads the game's name from the
// file's first bytes (nnue/net_file_header.h) and runs that game's half.
// Variant-free.
#pragma once

#include <cstdint>
#include <string>

namespace pantheon::app {

struct NetInfoRequest {
    std::string path;
    bool json = false;  // the facts as one JSON object instead of text
};

struct NetWidenRequest {
    std::string path, out;
    uint64_t seed = 1;  // draws the new neurons' weights
};

// Exit status of `net info` for a file that cannot be read or is not a
// valid net (missing, truncated, corrupt, of an unknown game); for `net
// widen` also a net that cannot be widened or an output that cannot be written.
inline constexpr int EXIT_NET_BAD_FILE = 1;

}  // namespace pantheon::app
