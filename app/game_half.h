// The game half of a command, for the sources compiled once per game
// (cmd_<name>_game.cpp, app/CMakeLists.txt): each defines, between
// PANTHEON_VARIANT_BEGIN and PANTHEON_VARIANT_END of namespace pantheon::app,
//
//     int half(const Request& request, HalfOfThisGame) { ... }
//     template int run(const Request&);
//
// for the request type of its command (app/cmd_<name>.h): the half itself,
// and `run` compiled there for that request. The command, built once, sees
// only run's declaration (app/run_for_game.h) and finds this game's copy by
// the game's name; the explicit instantiation here is what it links to.
#pragma once

#include "engine/core/variant.h"

namespace pantheon::app {
PANTHEON_VARIANT_BEGIN

// A type of this game's namespace, so that argument-dependent lookup finds
// the half here whatever namespace the request type lives in
// (trainer::TrainConfig, selfplay::RescoreOptions).
struct HalfOfThisGame {};

// This game's half of the command whose request is `Request`.
template <class Request>
int run(const Request& request) {
    return half(request, HalfOfThisGame{});
}

PANTHEON_VARIANT_END
}  // namespace pantheon::app
