#include "app/filter_options.h"

#include "app/setting_options.h"

namespace pantheon::app {

void add_position_filter_options(CLI::App& cmd, data::PositionFilter& filter) {
    const auto add = [&](const util::Setting& setting, auto& field) {
        add_setting_option(cmd, setting, field);
    };
    data::visit_filter_settings(add, filter);
    add_position_filter_aliases(cmd, filter);
}

void add_position_filter_aliases(CLI::App& cmd, data::PositionFilter& filter) {
    // Kept for scripts; hidden.
    cmd.add_option("--max-score", filter.max_abs_score)->group("");
    cmd.add_flag("--no-check", filter.drop_in_check)->group("");
    cmd.add_flag("--no-tactical-best", filter.drop_tactical_best)->group("");
}

}  // namespace pantheon::app
