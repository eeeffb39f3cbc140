// `pantheon games`'s request: one game's line (cmd_games_game.cpp writes it,
// compiled once per game). Variant-free.
#pragma once

namespace pantheon::app {

struct GamesRequest {};

}  // namespace pantheon::app
