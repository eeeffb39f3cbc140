// Independent random streams of one self-play run. Every random choice of a
// game comes from a generator seeded by derive_seed(run seed, stream, game
// index, ...), so a game depends only on its index and the settings, never on
// threads or time. The numbers only need to differ.
#pragma once

#include <cstdint>

#include "engine/core/variant.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

enum class Stream : uint64_t {
    Opening = 0x4F50454E,  // random opening plies and book choice of a game
    Game = 0x47414D45,     // choices during a game (multi-PV random moves)
    Book = 0x424F4F4B,     // the order in which book positions are dealt out
    Setup = 0x53455455,    // the order in which start setups are dealt out (Pandemonium)
};

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
