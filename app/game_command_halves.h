// The per-game halves of the commands (the *_runner.cpp files), declared in
// the namespace of the game a source is compiled for; game_commands.cpp
// gathers them into the game's GameCommands (game_commands.h). Only sources
// compiled once per game include this; the commands reach the halves through
// the registry, never by these names.
#pragma once

#include "app/game_commands.h"
#include "engine/core/variant.h"

namespace pantheon::app {
PANTHEON_VARIANT_BEGIN

int run_perft(const PerftRequest& request);
int run_bench_perft(const BenchPerftRequest& request);
int run_bench_search(const BenchSearchRequest& request);
int run_bench_nps(const NpsRequest& request);
int run_bench_mates(const MatesRequest& request);
int run_bench_nnue(const BenchNnueRequest& request);
int run_selfplay(const SelfplayCommand& command);
int run_bench_selfplay(const BenchSelfplayCommand& command);
int run_data_tool(DataTool tool, const DataRequest& request);
int run_rescore(const selfplay::RescoreOptions& options);
int run_train(const trainer::TrainConfig& config, const std::atomic<bool>* stop);
int run_bench_train(const trainer::TrainBenchOptions& options);
int run_tune(const tuner::TuneConfig& config, bool progress);
int run_eval(const EvalRequest& request);
int run_net_info(const NetInfoRequest& request);
int run_view(const ViewRequest& request);

// This game's registration: pantheon::app::<game>::game_commands().
const GameCommands& game_commands();

PANTHEON_VARIANT_END
}  // namespace pantheon::app
