// find_game (game_commands.h): every game's commands by name. This source
// sees no game's definitions (it is built once, variant-free), so it can name
// each game's namespace plainly: each game's game_commands() is
// game_commands.cpp compiled for it.
#include "app/game_commands.h"
#include "engine/core/games.h"

namespace pantheon::app {

#define PANTHEON_DECLARE_GAME_COMMANDS(game) \
    namespace game {                         \
    const GameCommands& game_commands();     \
    }
PANTHEON_FOR_EACH_GAME(PANTHEON_DECLARE_GAME_COMMANDS)
#undef PANTHEON_DECLARE_GAME_COMMANDS

const GameCommands* find_game(std::string_view name) {
#define PANTHEON_GAME_COMMANDS(game) &game::game_commands(),
    for (const GameCommands* commands : {PANTHEON_FOR_EACH_GAME(PANTHEON_GAME_COMMANDS)})
        if (commands->name == name) return commands;
#undef PANTHEON_GAME_COMMANDS
    return nullptr;
}

const GameCommands* find_game(std::string_view name, std::ostream& err) {
    const GameCommands* commands = find_game(name);
    if (!commands)
        err << "error: unknown game '" << name << "' (the games: " << game_names() << ")\n";
    return commands;
}

}  // namespace pantheon::app
