// The position filter's command-line options (and TOML keys of the same
// names), one set for every command that filters training positions:
// `pantheon train`, `tune` and `data filter`; the names are those of
// data::visit_filter_settings. Variant-free.
#pragma once

#include <CLI/CLI.hpp>

#include "data/position_filter.h"

namespace pantheon::app {

// Registers --min-ply, --max-ply, --max-abs-score, --skip-in-check and
// --skip-tactical on `cmd`, bound to `filter`, whose values are the defaults,
// with the earlier spellings (add_position_filter_aliases).
void add_position_filter_options(CLI::App& cmd, data::PositionFilter& filter);

// The earlier spellings alone, for a command whose filter options come with
// its other settings (`pantheon train`): --max-score, and `data filter`'s
// flags that turn a skip on.
void add_position_filter_aliases(CLI::App& cmd, data::PositionFilter& filter);

}  // namespace pantheon::app
