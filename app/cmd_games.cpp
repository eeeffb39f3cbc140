// `pantheon games`: the games of this binary, one a line in the order of
// engine/core/games.h (the first is the default): name, board, start
// position, tab-separated. Scripts that serve every game read the names from
// here (`pantheon games | cut -f1`) instead of listing them.
#include "app/cmd_games.h"

#include "app/commands.h"
#include "app/run_for_game.h"

namespace pantheon::app {

void register_games(CLI::App& app, ExitCode& exit_code) {
    CLI::App* cmd = app.add_subcommand(
        "games", "The games of this binary: name, board, start position (tab-separated)");
    cmd->callback([&exit_code] {
        for (std::string_view game : VARIANT_NAMES) {
            exit_code.value = run_for_game(game, GamesRequest{});
            if (exit_code.value != 0) return;
        }
    });
}

}  // namespace pantheon::app
