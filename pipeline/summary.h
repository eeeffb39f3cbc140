// The summary a finished pipeline prints: the data generated, the final
// training loss, the newest net's Elo against the first player, the best
// player and where the report is.
#pragma once

#include <ostream>

#include "pipeline/pipeline_config.h"
#include "pipeline/run_dir.h"
#include "pipeline/step_commands.h"

namespace pantheon::pipeline {

void print_summary(const PipelineConfig& c, const RunDir& dir, const Player& best,
                   std::ostream& out);

}  // namespace pantheon::pipeline
