// The one registration of a game's commands: compiled once per game (with the
// runners, app/CMakeLists.txt), it gathers the game's halves into its
// GameCommands, which the registry (game_registry.cpp) finds by name.
#include "app/game_command_halves.h"

namespace pantheon::app {
PANTHEON_VARIANT_BEGIN

const GameCommands& game_commands() {
    static constexpr GameCommands commands{
        .name = Variant::name,
        .perft = run_perft,
        .bench_perft = run_bench_perft,
        .bench_search = run_bench_search,
        .bench_nps = run_bench_nps,
        .bench_mates = run_bench_mates,
        .bench_nnue = run_bench_nnue,
        .selfplay = run_selfplay,
        .bench_selfplay = run_bench_selfplay,
        .data_tool = run_data_tool,
        .rescore = run_rescore,
        .train = run_train,
        .bench_train = run_bench_train,
        .tune = run_tune,
        .eval = run_eval,
        .net_info = run_net_info,
        .view = run_view,
    };
    return commands;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::app
