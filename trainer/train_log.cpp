#include "trainer/train_log.h"

#include <cstdio>

#include "util/build_info.h"
#include "util/svg_chart.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

std::string csv_text(const std::vector<LogRow>& rows, const std::string& export_note) {
    std::string s = "# " + util::build_identity_line() + "\n";
    s += "step,positions,epoch,train_loss,val_loss,lr,lambda,seconds,positions_per_s\n";
    char line[256];
    for (const LogRow& r : rows) {
        char val[32] = "";
        if (r.val_loss >= 0) std::snprintf(val, sizeof val, "%.8f", r.val_loss);
        std::snprintf(line, sizeof line, "%llu,%llu,%llu,%.8f,%s,%.6g,%.4f,%.1f,%.0f\n",
                      (unsigned long long)r.step, (unsigned long long)r.positions,
                      (unsigned long long)r.epoch, r.train_loss, val, r.lr, r.lambda, r.seconds,
                      r.rate);
        s += line;
    }
    if (!export_note.empty()) s += "# " + export_note + "\n";
    return s;
}

std::string svg_plot(const std::vector<LogRow>& rows, const std::string& title) {
    util::ChartSeries training{"training", {}, false}, validation{"validation", {}, false};
    for (const LogRow& r : rows) {
        training.points.push_back({double(r.step), r.train_loss, 0});
        if (r.val_loss >= 0) validation.points.push_back({double(r.step), r.val_loss, 0});
    }
    return util::svg_chart(title, "step", "loss", {training, validation});
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
