// The game half of a command, for the sources compiled once per game
// (cmd_<name>_game.cpp, app/CMakeLists.txt): each defines, between
// PANTHEON_VARIANT_BEGIN and PANTHEON_VARIANT_END of namespace pantheon::app,
//
//     template <> int run(const Request& request) { ... }
//
// for the request type of its command (app/cmd_<name>.h), and the command
// finds it by its game's name (app/run_for_game.h).
#pragma once

#include "engine/core/variant.h"

namespace pantheon::app {
PANTHEON_VARIANT_BEGIN

// This game's half of the command whose request is `Request`.
template <class Request>
int run(const Request& request);

PANTHEON_VARIANT_END
}  // namespace pantheon::app
