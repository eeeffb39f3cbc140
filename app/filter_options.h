// The position filter's command-line options (and TOML keys of the same
// names), one set for every command that filters training positions:
// `pantheon train`, `tune` and `data filter`. Variant-free.
#pragma once

#include <CLI/CLI.hpp>

#include "data/position_filter.h"

namespace pantheon::app {

// Registers --min-ply, --max-ply, --max-abs-score, --skip-in-check and
// --skip-tactical on `cmd`, bound to `filter`, whose values are the defaults.
void add_position_filter_options(CLI::App& cmd, data::PositionFilter& filter);

}  // namespace pantheon::app
