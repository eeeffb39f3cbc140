// `pantheon pipeline`: the training loop (pipeline/pipeline.h). Every option
// can come from a TOML file (`--config configs/pipeline.toml`, section
// [pipeline]); the command line wins.
#include <iostream>
#include <memory>

#include "app/commands.h"
#include "app/variant_option.h"
#include "pipeline/pipeline.h"
#include "util/progress_line.h"

namespace pantheon::app {

namespace {

int run_pipeline_command(const pipeline::PipelineRun& run) {
    try {
        const std::string self = pipeline::self_executable();
        pipeline::LocalRunner local(self);
        pipeline::SlurmRunner slurm(self, (std::filesystem::path(run.dir) / "slurm").string(),
                                    run.config.sbatch_args);
        return pipeline::run_pipeline(run, local, &slurm, std::cout, std::cerr,
                                      util::is_terminal(std::cerr));
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }
}

}  // namespace

void register_pipeline(CLI::App& app, ExitCode& exit_code) {
    auto run = std::make_shared<pipeline::PipelineRun>();
    pipeline::PipelineConfig& c = run->config;
    CLI::App* sub = app.add_subcommand(
        "pipeline", "Generations of self-play -> train -> gate -> promote (resumable)");
    sub->fallthrough();  // `--config FILE` after the subcommand reaches the main app
    sub->option_defaults()->always_capture_default();
    sub->add_option("--dir", run->dir, "Run directory (every artifact goes here)")->required();
    sub->add_flag("--allow-config-change", run->allow_config_change,
                  "Continue a run whose recorded settings differ (finished steps are kept)");
    sub->add_option("--variant", c.variant, variant_option_help());
    sub->add_option("--setup", c.setup,
                    "Start setup of every game without a book (-1: dealt out by seed)");
    sub->add_option("--generations", c.generations, "Generations to run");
    sub->add_option("--seed", c.seed, "Seed of the whole run");
    sub->add_option("--initial-net", c.initial_net, "First best player's net (\"\": hand-crafted)");
    sub->add_option("--games", c.games, "Self-play games per generation");
    sub->add_option("--chunk-games", c.chunk_games, "Games per self-play chunk file");
    sub->add_option("--nodes", c.nodes, "Self-play nodes per move");
    sub->add_option("--random-plies-min", c.random_plies_min, "Fewest random opening plies");
    sub->add_option("--random-plies-max", c.random_plies_max, "Most random opening plies");
    sub->add_option("--book", c.book, "Self-play start positions (FEN/EPD file)");
    sub->add_option("--threads", c.threads,
                    "Self-play and rescoring threads (no effect on results)");
    sub->add_option("--rescore-nodes", c.rescore_nodes,
                    "Rescore each generation's self-play at this many nodes and train on that "
                    "(0 = off)");
    sub->add_option("--window", c.window, "Generations of data each training uses");
    sub->add_option("--fine-tune", c.fine_tune, "Train from the best net (true/false)");
    sub->add_option("--train-config", c.train_config, "TOML file for `pantheon train --config`");
    sub->add_option("--train-args", c.train_args,
                    "Extra `pantheon train` arguments (step/position limits)")
        ->allow_extra_args(false);
    sub->add_option("--gate-rounds", c.gate_rounds, "Gating game pairs (maximum with --sprt)");
    sub->add_option("--gate-nodes", c.gate_nodes, "Gating nodes per move");
    sub->add_option("--gate-max-plies", c.gate_max_plies,
                    "Gating games adjudicated at this length");
    sub->add_option("--gate-openings", c.gate_openings, "Gating openings (EPD/FEN file)");
    sub->add_option("--gate-openings-plies", c.gate_openings_plies,
                    "Random plies of generated gating openings (without a file)");
    sub->add_option("--sprt", c.sprt, "Gate by SPRT: elo0 elo1 [alpha beta] (normalized Elo)");
    sub->add_option("--concurrency", c.concurrency, "Gating games at once (no effect on results)");
    sub->add_option("--cluster", c.cluster, "local or slurm (job arrays)");
    sub->add_option("--shards", c.shards, "Slurm array tasks per self-play and gating step");
    sub->add_option("--sbatch-args", c.sbatch_args, "Extra sbatch arguments")
        ->allow_extra_args(false);
    sub->add_option("--train-as-job", c.train_as_job, "Slurm: train as a job (true/false)");
    sub->add_option("--step-retries", c.step_retries,
                    "Tries after a failed step or shard (only missing shards) before stopping");
    sub->add_option("--retry-pause-seconds", c.retry_pause_seconds,
                    "Pause before each retry of a failed step or shard");
    sub->callback([run, &exit_code] { exit_code.value = run_pipeline_command(*run); });
}

}  // namespace pantheon::app
