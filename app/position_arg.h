// A command's --fen, for the game halves: the position it names, or the
// game's start position when it is empty. Compiled once per variant.
#pragma once

#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/position.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

// On a refused FEN: nullopt, and "error: <prefix><reason>" on stderr.
inline std::optional<Position> position_arg(const std::string& fen, std::string_view prefix = "") {
    std::string error;
    auto pos = Position::from_fen(fen.empty() ? std::string(Variant::start_fen) : fen, &error);
    if (!pos) std::cerr << "error: " << prefix << error << "\n";
    return pos;
}

PANTHEON_VARIANT_END
}  // namespace pantheon
