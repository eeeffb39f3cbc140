#include "app/filter_options.h"

namespace pantheon::app {

void add_position_filter_options(CLI::App& cmd, data::PositionFilter& filter) {
    cmd.add_option("--min-ply", filter.min_ply, "Skip positions before this ply");
    cmd.add_option("--max-ply", filter.max_ply, "Skip positions after this ply");
    cmd.add_option("--max-abs-score,--max-score", filter.max_abs_score,
                   "Skip positions whose |score| exceeds this (cp)");
    cmd.add_option("--skip-in-check", filter.drop_in_check,
                   "Skip positions with the side to move in check (true/false)");
    cmd.add_option("--skip-tactical", filter.drop_tactical_best,
                   "Skip positions whose best move is a capture or promotion (true/false)");
    // `data filter`'s earlier spellings, kept for scripts: flags that turn a skip on.
    cmd.add_flag("--no-check", filter.drop_in_check)->group("");
    cmd.add_flag("--no-tactical-best", filter.drop_tactical_best)->group("");
}

}  // namespace pantheon::app
