// A command's game half, found by the game's name and the type of the
// command's request: pantheon::app::<game>::run(const Request&), defined for
// each game by the command's cmd_<name>_game.cpp compiled for that game (an
// explicit instantiation, app/game_half.h; a template used where only its
// declaration is seen must be so instantiated somewhere, as it is). No table
// of halves is kept:
// the request type picks the half, the game's name the copy. This header is
// variant-free and names each game's namespace plainly, so only sources
// built once (the commands, cmd_<name>.cpp) include it.
#pragma once

#include <iostream>
#include <ostream>
#include <string_view>

#include "engine/core/games.h"

namespace pantheon::app {

#define PANTHEON_DECLARE_GAME_HALVES(game) \
    namespace game {                       \
    template <class Request>               \
    int run(const Request& request);       \
    }
PANTHEON_FOR_EACH_GAME(PANTHEON_DECLARE_GAME_HALVES)
#undef PANTHEON_DECLARE_GAME_HALVES

// A game's half of the command whose request is `Request`.
template <class Request>
using GameHalf = int (*)(const Request&);

// The half for `Request` of the game named `game`; nullptr for a name no
// game has.
template <class Request>
GameHalf<Request> game_half(std::string_view game) {
#define PANTHEON_GAME_HALF(name) &name::run<Request>,
    return find_game_entry<GameHalf<Request>>(game, {PANTHEON_FOR_EACH_GAME(PANTHEON_GAME_HALF)});
#undef PANTHEON_GAME_HALF
}

// Exit status of a command whose game no game of this binary has.
inline constexpr int EXIT_UNKNOWN_GAME = 2;

// "error: unknown game 'NAME' (the games: mansindam, pandemonium)" on `err`:
// for a name that came from a file, after the --variant option's own check.
inline void refuse_unknown_game(std::string_view name, std::ostream& err) {
    err << "error: unknown game '" << name << "' (the games: " << game_names() << ")\n";
}

// Runs the named game's half of a command: the dispatch at the top of a
// command. A name no game has is refused on stderr with the exit status
// `unknown_game_status`.
template <class Request>
int run_for_game(std::string_view game, const Request& request,
                 int unknown_game_status = EXIT_UNKNOWN_GAME) {
    const GameHalf<Request> half = game_half<Request>(game);
    if (!half) {
        refuse_unknown_game(game, std::cerr);
        return unknown_game_status;
    }
    return half(request);
}

}  // namespace pantheon::app
