// The record of a run: one row per logged step, kept in the checkpoint (so a
// resumed run continues it) and written beside the net as a CSV file and an
// SVG plot of the training and validation loss. Lines starting with '#' are
// notes, not rows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/variant.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

struct LogRow {
    uint64_t step = 0;       // steps done
    uint64_t positions = 0;  // positions trained on
    uint64_t epoch = 0;
    double train_loss = 0;  // mean over the steps since the previous row
    double val_loss = -1;   // < 0: not measured at this row
    double lr = 0, lambda = 0;
    double seconds = 0;  // run time so far (over all sessions)
    double rate = 0;     // positions/s since the previous row
};

// The log as CSV: a first line "# " and the build's identity
// (util/build_info.h), the header naming the columns, one line per row, and
// when given a last line "# " and the export note (the export check).
std::string csv_text(const std::vector<LogRow>& rows, const std::string& export_note = "");
// Training and validation loss by step (util/svg_chart.h, as the pipeline's report draws).
std::string svg_plot(const std::vector<LogRow>& rows, const std::string& title);

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
