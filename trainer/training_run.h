// A whole training run: the batch source, the network pass and AdamW step
// by step, validation, the log (CSV, SVG), checkpoints, and at the end the
// exported net with its agreement check.
#pragma once

#include <atomic>
#include <ostream>
#include <string>

#include "trainer/checkpoint.h"
#include "trainer/net_export.h"
#include "trainer/train_recipe.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

enum class RunEnd { Finished, Interrupted, Failed };

struct RunSummary {
    RunState state;
    double train_loss = -1, val_loss = -1;  // last logged values
    uint64_t validation_positions = 0;
    double seconds = 0;         // this session
    std::string checkpoint;     // last checkpoint written
    std::string export_report;  // the export check's figures
    ExportCheck export_check;
    // Set when the export could not be checked (no position to check it on).
    std::string export_warning;
    // A resumed run that had already reached its limits and whose net
    // exists: nothing was trained or written.
    bool already_finished = false;
    std::string last_interim_net;  // the newest net written along the way (save_every)
};

// Trains per config. `stop` (may be null) is polled between steps: when
// raised, a checkpoint is written and the run returns Interrupted. progress
// gets the progress lines (redrawn in place when tty). A finished run
// resumed under higher limits goes on to them; under the same ones it is
// Finished with already_finished set (its net missing: the net is exported).
RunEnd run_training(const TrainConfig& config, const std::atomic<bool>* stop,
                    std::ostream* progress, bool tty, RunSummary& summary, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
