// `pantheon tune`'s request: what cmd_tune.cpp reads from the command line
// and the game's half (cmd_tune_game.cpp, compiled once per game, against
// its tuner) fits. Variant-free.
#pragma once

#include "tuner/tune_options.h"

namespace pantheon::app {

struct TuneRequest {
    tuner::TuneConfig config;
    bool progress = true;  // progress lines on stderr
};

}  // namespace pantheon::app
