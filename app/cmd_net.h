// `pantheon net info FILE [--json]`'s request: the net file's header facts
// and lineage. The reading (cmd_net_game.cpp) is compiled once per game,
// against that game's loader; cmd_net.cpp reads the game's name from the
// file's first bytes (nnue/net_file_header.h) and runs that game's half.
// Variant-free.
#pragma once

#include <string>

namespace pantheon::app {

struct NetInfoRequest {
    std::string path;
    bool json = false;  // the facts as one JSON object instead of text
};

// Exit status of `net info` for a file that cannot be read or is not a
// valid net (missing, truncated, corrupt, of an unknown game).
inline constexpr int EXIT_NET_BAD_FILE = 1;

}  // namespace pantheon::app
