// The game half of `pantheon games`: this game's line. Compiled once per game
// (app/CMakeLists.txt).
#include <iostream>

#include "app/cmd_games.h"
#include "app/game_half.h"

namespace pantheon::app {
PANTHEON_VARIANT_BEGIN

int half(const GamesRequest&, HalfOfThisGame) {
    std::cout << Variant::name << '\t' << Variant::files << 'x' << Variant::ranks << '\t'
              << Variant::start_fen << '\n';
    return 0;
}

// The command reaches the half through run (app/game_half.h).
template int run(const GamesRequest&);

PANTHEON_VARIANT_END
}  // namespace pantheon::app
