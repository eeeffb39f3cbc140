// `pantheon data rescore` for both games: the run (rescore_runner.cpp) is
// compiled once per variant, each copy against its game's rescoring
// (selfplay/rescore.h); cmd_data.cpp reads the command line and picks the
// game the input files' headers name. This header is variant-independent.
#pragma once

#include "selfplay/rescore_options.h"

namespace pantheon::app {

// Exit status: 0 done, 1 a bad input or a failure while rescoring or
// writing, 2 bad options.
int run_rescore_mansindam(const selfplay::RescoreOptions& options);
int run_rescore_pandemonium(const selfplay::RescoreOptions& options);

}  // namespace pantheon::app
