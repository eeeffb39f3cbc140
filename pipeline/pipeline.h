// `pantheon pipeline`: generations of self-play -> train -> gate -> promote.
// Generation 0 self-plays with the first player (the hand-crafted eval, or
// `initial-net`); each generation self-plays with the best player (with
// `rescore-nodes`, searches those positions again deeper for the training
// targets), trains a candidate on the window of recent generations' data
// (fine-tuned from the best net if asked), plays it against the best (SPRT or
// fixed games) and promotes it only if it wins. Every step is a `pantheon`
// subcommand run as a subprocess (or a Slurm job array), and every finished
// step is recorded atomically in the run directory (run_dir.h): started again
// with the same command, the pipeline skips finished steps and the unfinished
// one resumes its own partial work (self-play chunks, rescored files, match
// state, trainer checkpoint).
#pragma once

#include <ostream>
#include <string>

#include "pipeline/pipeline_config.h"
#include "pipeline/step_runner.h"

namespace pantheon::pipeline {

struct PipelineRun {
    PipelineConfig config;
    std::string dir;
    bool allow_config_change = false;
};

// Exit status: 0 every generation done, 1 a step failed, 2 bad settings or a
// damaged or busy run directory. `cluster` runs self-play and gating (and
// training if config.train_as_job) when config.cluster is Cluster::Slurm.
// `out` gets the final summary; `err` progress and messages.
int run_pipeline(const PipelineRun& run, StepRunner& local, StepRunner* cluster, std::ostream& out,
                 std::ostream& err, bool terminal);

}  // namespace pantheon::pipeline
