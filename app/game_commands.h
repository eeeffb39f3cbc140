// What the pantheon binary can do with one game, behind a variant-free
// interface: the per-game halves of every command that serves all games. Each
// game's halves are compiled once per game (the *_runner.cpp files) and
// gathered by one registration per game, game_commands.cpp, into the game's
// GameCommands; a command looks its game up by name once, at its top, and
// runs the half (game_registry.cpp). Nothing of a game's rules is visible
// here, so the commands (cmd_*.cpp) are built once.
#pragma once

#include <atomic>
#include <iostream>
#include <ostream>
#include <string_view>

#include "app/data_runner.h"
#include "app/eval_runner.h"
#include "app/game_view.h"
#include "app/net_info_runner.h"
#include "app/nnue_bench_runner.h"
#include "app/perft_runner.h"
#include "app/search_bench_runner.h"
#include "app/selfplay_runner.h"
#include "app/train_runner.h"
#include "selfplay/rescore_options.h"

namespace pantheon::app {

struct GameCommands {
    std::string_view name;  // as engine/core/games.h lists it

    // `perft`: 0 all counted (and matched), 1 a suite mismatch, 2 bad input.
    int (*perft)(const PerftRequest&);
    // `bench perft`: 0 measured, 2 bad input.
    int (*bench_perft)(const BenchPerftRequest&);
    // `bench [search]`, `bench nps`, `bench mates`.
    int (*bench_search)(const BenchSearchRequest&);
    int (*bench_nps)(const NpsRequest&);
    int (*bench_mates)(const MatesRequest&);
    // `bench nnue`: 0 measured, 1 SIMD and scalar results differ, 2 bad input.
    int (*bench_nnue)(const BenchNnueRequest&);
    // `selfplay`: 0 done, 1 a failure while playing or writing, 2 bad options.
    int (*selfplay)(const SelfplayCommand&);
    // `bench selfplay`.
    int (*bench_selfplay)(const BenchSelfplayCommand&);
    // `data <tool>`: 0 done, 1 a data error (printed as "error: ..." on stderr).
    int (*data_tool)(DataTool, const DataRequest&);
    // `data rescore`: 0 done, 1 a bad input or a failure while rescoring or
    // writing, 2 bad options.
    int (*rescore)(const selfplay::RescoreOptions&);
    // `train`: 0 finished (net written), 3 interrupted or session over
    // (checkpoint written), 2 bad options, 1 any other failure. `stop` (may be
    // null) is polled between steps.
    int (*train)(const trainer::TrainConfig&, const std::atomic<bool>* stop);
    // `bench train`: 0 measured and printed, 1 a failure.
    int (*bench_train)(const trainer::TrainBenchOptions&);
    // `tune`: 0 written, 2 bad options, 1 any other failure.
    int (*tune)(const tuner::TuneConfig&, bool progress);
    // `eval`: 0 printed, 2 bad input (FEN, net file).
    int (*eval)(const EvalRequest&);
    // `net info`: 0 printed, 1 a file that is not a valid net of this game.
    int (*net_info)(const NetInfoRequest&);
    // `view`: 0 page written, 1 a game its rules refuse or a write failure.
    int (*view)(const ViewRequest&);
};

// The commands of the game named `name`; nullptr for a name no game has.
const GameCommands* find_game(std::string_view name);

// The same, and for a name no game has "error: unknown game 'NAME' (the
// games: mansindam, pandemonium)" on `err` (for a name that came from a
// file, after the --variant option's own check).
const GameCommands* find_game(std::string_view name, std::ostream& err);

// Exit status of a command whose game has no commands (an unknown name).
inline constexpr int EXIT_UNKNOWN_GAME = 2;

// Runs one half of a command (`&GameCommands::perft`, ...) for the named
// game: the dispatch at the top of a command.
template <class Half, class... Args>
int run_for_game(std::string_view game, Half GameCommands::*half, const Args&... args) {
    const GameCommands* commands = find_game(game, std::cerr);
    return commands ? (commands->*half)(args...) : EXIT_UNKNOWN_GAME;
}

}  // namespace pantheon::app
