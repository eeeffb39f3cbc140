// A position in a few dozen bytes, for chains that do not start from the
// standard start (layout in docs/DATA_FORMAT.md, "Start position").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "data/byte_io.h"
#include "engine/core/position.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

void write_compact_position(const Position& pos, ByteWriter& out);
// Reads and validates (through the FEN parser) one compact position.
std::optional<Position> read_compact_position(ByteReader& in, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::data
