// `pantheon pipeline`: the training loop (pipeline/pipeline.h). Every option
// can come from a TOML file (`--config configs/pipeline.toml`, section
// [pipeline]); the command line wins.
#include <iostream>
#include <memory>

#include "app/commands.h"
#include "app/setting_options.h"
#include "app/variant_option.h"
#include "pipeline/pipeline.h"
#include "trainer/train_settings.h"
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

// A key of earlier versions, refused with what replaced it rather than
// ignored or passed on.
struct RetiredKey {
    const CLI::Option* option;
    std::string replacement;
};

RetiredKey add_retired_key(CLI::App* sub, const std::string& key, const std::string& replacement) {
    const CLI::Option* option =
        sub->add_option_function<std::vector<std::string>>(
               "--" + key, [](const std::vector<std::string>&) {}, "No longer read: " + replacement)
            ->group("Keys of earlier versions, refused")
            ->allow_extra_args(false);
    return {option, key + " is no longer read: " + replacement};
}

// Empty when no retired key was given, else the message of the first.
std::string retired_key_given(const std::vector<RetiredKey>& keys) {
    for (const RetiredKey& k : keys)
        if (k.option->count() > 0) return k.replacement;
    return {};
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
    sub->add_option("--nodes", c.search.nodes, "Self-play nodes per move (0 = no node limit)");
    sub->add_option("--depth", c.search.depth, "Self-play depth per move (0 = no depth limit)");
    sub->add_option("--hash", c.search.hash_mb, "Self-play transposition table per worker, MB");
    sub->add_option("--full-search-share", c.playout_cap.full_share,
                    "Self-play playout cap randomization: share of plies searched in full and "
                    "kept (1 = all)");
    sub->add_option("--cheap-nodes", c.playout_cap.cheap_nodes,
                    "... the other plies search this many nodes and are not trained on");
    sub->add_option("--random-plies-min", c.random_plies_min, "Fewest random opening plies");
    sub->add_option("--random-plies-max", c.random_plies_max, "Most random opening plies");
    sub->add_option("--book", c.book, "Self-play start positions (FEN/EPD file)");
    sub->add_option("--threads", c.threads,
                    "Self-play and rescoring threads (no effect on results)");
    sub->add_option("--rescore-nodes", c.rescore_nodes,
                    "Rescore each generation's self-play at this many nodes and train on that "
                    "(0 = off)");
    sub->add_option("--label-king-danger", c.label_king_danger,
                    "Add this percentage of the hand-crafted king-danger balance to every "
                    "training label (0 = off; docs/LOOP.md)");
    sub->add_option("--window", c.window, "Generations of data each training uses");
    sub->add_option("--fine-tune", c.fine_tune, "Train from the best net (true/false)");
    sub->add_option("--train-data", c.train.data,
                    "More training data (files or directories), after the window's")
        ->allow_extra_args(false);
    // Every setting of `pantheon train` as --train-<option> (train-<key> in
    // the config), with the trainer's defaults.
    trainer::visit_train_settings(
        [&](const util::Setting& setting, auto& field) {
            add_setting_option(*sub, setting, field, "train-")
                ->description("Training: " + std::string(setting.help));
        },
        c.train);
    const std::vector<RetiredKey> retired = {
        add_retired_key(sub, "train-args",
                        "give each training setting as its own key, named as the option of "
                        "`pantheon train` with train- in front (train-max-epochs = 4, train-lr = "
                        "0.001, train-data = [\"DIR\"]; `pantheon pipeline --help` lists them)"),
        add_retired_key(sub, "train-config",
                        "give the file's [train] settings as train-* keys of [pipeline] "
                        "(lambda-end = 0.7 becomes train-lambda-end = 0.7)"),
    };
    sub->add_option("--gate-rounds", c.gate_rounds, "Gating game pairs (maximum with --sprt)");
    sub->add_option("--gate-nodes", c.gate_nodes, "Gating nodes per move");
    sub->add_option("--gate-max-plies", c.gate_max_plies,
                    "Gating games adjudicated at this length");
    sub->add_option("--gate-openings", c.gate_openings, "Gating openings (EPD/FEN file)");
    sub->add_option("--gate-openings-plies", c.gate_openings_plies,
                    "Random plies of generated gating openings (without a file)");
    sub->add_option("--sprt", c.sprt, "Gate by SPRT: elo0 elo1 [alpha beta] (normalized Elo)");
    sub->add_option("--concurrency", c.concurrency, "Gating games at once (no effect on results)");
    sub->add_option("--anchor", c.anchor,
                    "Outside engine the first and every promoted player play (`match --engine` "
                    "spec; \"\" = none)");
    sub->add_option("--anchor-limit", c.anchor_limit,
                    "The anchor's search limit (nodes=N, tc=B+I)");
    sub->add_option("--anchor-player-limit", c.anchor_player_limit,
                    "Our players' search limit against the anchor");
    sub->add_option("--anchor-rounds", c.anchor_rounds, "Game pairs per anchor measurement");
    sub->add_option("--anchor-openings", c.anchor_openings,
                    "Anchor openings (EPD/FEN file; \"\" = generated, the same every time)");
    sub->add_option("--outside-rounds", c.outside_rounds,
                    "Game pairs a generation of the best player against the anchor, imported, "
                    "labelled and trained on (0 = none)");
    sub->add_option("--outside-limit", c.outside_limit,
                    "Both sides' search limit in those games (nodes=N, tc=B+I)");
    add_choice_option(*sub, "--outside-labels", c.outside_labels, pipeline::OUTSIDE_LABELS,
                      "Who labels those games: the best player's search, the hand-crafted "
                      "evaluation's, the anchor engine's own (through UCI), or the anchor's "
                      "mates and the best player's search elsewhere");
    sub->add_option("--outside-score-percent", c.outside_score_percent,
                    "With the anchor's labels: the percentage of its centipawns a label takes "
                    "(its scale into ours)");
    add_choice_option(*sub, "--cluster", c.cluster, pipeline::CLUSTERS,
                      "Where steps run: here, or as Slurm job arrays");
    sub->add_option("--shards", c.shards, "Slurm array tasks per self-play and gating step");
    sub->add_option("--sbatch-args", c.sbatch_args, "Extra sbatch arguments")
        ->allow_extra_args(false);
    sub->add_option("--train-as-job", c.train_as_job, "Slurm: train as a job (true/false)");
    sub->add_option("--step-retries", c.step_retries,
                    "Tries after a failed step or shard (only missing shards) before stopping");
    sub->add_option("--retry-pause-seconds", c.retry_pause_seconds,
                    "Pause before each retry of a failed step or shard");
    sub->callback([run, retired, &exit_code] {
        if (const std::string why = retired_key_given(retired); !why.empty()) {
            std::cerr << "error: " << why << "\n";
            exit_code.value = EXIT_USAGE;
            return;
        }
        exit_code.value = run_pipeline_command(*run);
    });
}

}  // namespace pantheon::app
