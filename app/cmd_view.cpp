// `pantheon view GAMES.pgn... --out PAGE.html`: match PGNs' games (one
// match's shards, say) as one self-contained page to step through on a board
// (app/game_view.h). The PGNs are read here (match/pgn.h, variant-free);
// their Variant tag picks the game whose rules replay the moves
// (cmd_view_game.cpp).
#include <filesystem>
#include <fstream>
#include <iostream>

#include "app/commands.h"
#include "app/game_view.h"
#include "app/run_for_game.h"
#include "match/pgn.h"

namespace pantheon::app {

namespace {

// Exit status of a PGN that cannot be read or holds no game to show.
constexpr int EXIT_BAD_PGN = 1;

int refuse(const std::string& message) {
    std::cerr << "error: " << message << "\n";
    return EXIT_BAD_PGN;
}

// Reads every game of the files into `request` (title, games, their files);
// 0, or the exit status of a file that cannot be read.
int read_games(const std::vector<std::string>& pgns, ViewRequest& request) {
    for (const std::string& pgn : pgns) {
        std::ifstream file(pgn);
        if (!file) return refuse("cannot open " + pgn);
        std::string error;
        auto games = match::read_pgn(file, &error);
        if (!games) return refuse(pgn + ": " + error);
        for (match::PgnGame& g : *games) {
            request.games.push_back(std::move(g));
            request.game_files.push_back(pgn);
        }
        request.title +=
            (request.title.empty() ? "" : ", ") + std::filesystem::path(pgn).filename().string();
    }
    return 0;
}

int run_view_command(const std::vector<std::string>& pgns, ViewRequest request) {
    if (const int status = read_games(pgns, request); status != 0) return status;
    // A file without games (a shard that played none) adds nothing; no game at all is an error.
    if (request.games.empty()) return refuse("no game in " + request.title);
    // One page shows one game's board: every game must name the same.
    const std::string* variant = request.games.front().tag("Variant");
    if (!variant) return refuse(request.game_files.front() + ": the first game has no Variant tag");
    for (size_t i = 0; i < request.games.size(); ++i) {
        const std::string* v = request.games[i].tag("Variant");
        if (!v || *v != *variant)
            return refuse(request.game_files[i] + ": games of more than one variant ('" + *variant +
                          "' and '" + (v ? *v : std::string("(none)")) + "')");
    }
    return run_for_game(*variant, request);
}

}  // namespace

void register_view(CLI::App& app, ExitCode& exit_code) {
    auto pgns = std::make_shared<std::vector<std::string>>();
    auto out = std::make_shared<std::string>();
    CLI::App* cmd = app.add_subcommand(
        "view", "Write a page to step through match PGNs' games on a board (one HTML file)");
    cmd->add_option("pgn", *pgns, "PGN files as `pantheon match` writes them")->required();
    cmd->add_option("--out", *out, "HTML file to write")->required();
    cmd->callback([pgns, out, &exit_code] {
        ViewRequest request;
        request.out = *out;
        exit_code.value = run_view_command(*pgns, std::move(request));
    });
}

}  // namespace pantheon::app
