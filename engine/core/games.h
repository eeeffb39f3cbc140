// The games of this binary, declared once. Each entry is the game's name as
// users write it (UCI_Variant, --variant, data and net headers) and also the
// namespace its per-variant code lives in (pantheon::<name>, see variant.h).
// Whatever serves every game expands this list instead of naming the games:
// the names below, the build (cmake/variant_library.cmake reads the list
// from this line and compiles each per-variant library once per game), and
// the registries that look a game up by name (app/run_for_game.h,
// engine/uci/game_sessions.cpp, match/variant_rules.cpp, through
// find_game_entry below). Adding a game: docs/ARCHITECTURE.md, "Adding a game".
//
// Variant-free: nothing here depends on the game a source is compiled for.
#pragma once

#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>

// X(name) for every game; the first is the default.
#define PANTHEON_FOR_EACH_GAME(X) X(mansindam) X(pandemonium)

namespace pantheon {

// The games by name (UCI_Variant, --variant); the first is the default.
#define PANTHEON_GAME_NAME(game) #game,
inline constexpr std::string_view VARIANT_NAMES[] = {PANTHEON_FOR_EACH_GAME(PANTHEON_GAME_NAME)};
#undef PANTHEON_GAME_NAME

// Whether a game of this binary has the name (case matters).
constexpr bool is_game(std::string_view name) {
    for (std::string_view game : VARIANT_NAMES)
        if (game == name) return true;
    return false;
}

// "mansindam, pandemonium": the games, for messages that refuse a name.
inline std::string game_names() {
    std::string names;
    for (std::string_view game : VARIANT_NAMES) {
        if (!names.empty()) names += ", ";
        names += game;
    }
    return names;
}

// The one lookup by name of every registry: the entry of the game named
// `name` among `entries`, one a game in the order of PANTHEON_FOR_EACH_GAME
// (the registry builds them by expanding it, X(game) -> &game::entry,); a
// null entry for a name no game has (case matters).
template <class Entry, size_t N>
constexpr Entry find_game_entry(std::string_view name, const Entry (&entries)[N]) {
    static_assert(N == std::size(VARIANT_NAMES), "one entry for every game");
    for (size_t i = 0; i < N; ++i)
        if (VARIANT_NAMES[i] == name) return entries[i];
    return Entry{};
}

}  // namespace pantheon
