// `pantheon view GAMES.pgn --out PAGE.html`: a match PGN's games as one
// self-contained page to step through on a board (app/game_view.h). The PGN
// is read here (match/pgn.h, variant-free); its Variant tag picks the game
// whose rules replay the moves (view_runner.cpp).
#include <fstream>
#include <iostream>

#include "app/commands.h"
#include "app/game_commands.h"
#include "match/pgn.h"

namespace pantheon::app {

namespace {

// Exit status of a PGN that cannot be read or holds no game to show.
constexpr int EXIT_BAD_PGN = 1;

int refuse(const std::string& message) {
    std::cerr << "error: " << message << "\n";
    return EXIT_BAD_PGN;
}

int run_view_command(ViewRequest request) {
    std::ifstream file(request.pgn);
    if (!file) return refuse("cannot open " + request.pgn);
    std::string error;
    auto games = match::read_pgn(file, &error);
    if (!games) return refuse(request.pgn + ": " + error);
    if (games->empty()) return refuse(request.pgn + " holds no game");
    // One page shows one game's board: every game must name the same.
    const std::string* variant = games->front().tag("Variant");
    if (!variant) return refuse(request.pgn + ": the first game has no Variant tag");
    for (const match::PgnGame& g : *games) {
        const std::string* v = g.tag("Variant");
        if (!v || *v != *variant)
            return refuse(request.pgn + ": games of more than one variant ('" + *variant +
                          "' and '" + (v ? *v : std::string("(none)")) + "')");
    }
    const GameCommands* commands = find_game(*variant, std::cerr);
    if (!commands) return EXIT_UNKNOWN_GAME;
    request.games = std::move(*games);
    return commands->view(request);
}

}  // namespace

void register_view(CLI::App& app, ExitCode& exit_code) {
    auto request = std::make_shared<ViewRequest>();
    CLI::App* cmd = app.add_subcommand(
        "view", "Write a page to step through a match PGN's games on a board (one HTML file)");
    cmd->add_option("pgn", request->pgn, "PGN file as `pantheon match` writes it")->required();
    cmd->add_option("--out", request->out, "HTML file to write")->required();
    cmd->callback([request, &exit_code] { exit_code.value = run_view_command(*request); });
}

}  // namespace pantheon::app
