// The settings a run directory was started with (pipeline-settings.txt): the
// first start records them; a later start with other settings is refused,
// or, allowed to change them, goes on with the new ones and records the
// change in the run's history file.
#pragma once

#include <ostream>
#include <string>

#include "pipeline/pipeline_config.h"
#include "pipeline/run_dir.h"

namespace pantheon::pipeline {

// False (told on `err`) when the run is refused. `settings` gets the text of
// the settings the run goes on with.
bool check_run_settings(const RunDir& dir, const PipelineConfig& c, bool allow_change,
                        std::string& settings, std::ostream& err);

}  // namespace pantheon::pipeline
