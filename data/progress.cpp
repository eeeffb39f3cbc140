#include "data/progress.h"

#include <cstdio>

namespace pantheon::data {

namespace {

std::string progress_text(const std::string& label, const std::string& unit, uint64_t total,
                          uint64_t done, double seconds, bool final) {
    using util::duration_text;
    using util::short_count;
    const util::Pace pace(double(done), seconds);
    std::string line = label + ": " + short_count(double(done));
    if (total) {
        char pct[16];
        std::snprintf(pct, sizeof pct, " (%.1f%%)", 100.0 * double(done) / double(total));
        line += " / " + short_count(double(total)) + " " + unit + pct;
    } else {
        line += " " + unit;
    }
    line += ", " + short_count(pace.rate) + " " + unit + "/s";
    if (final) {
        line += ", " + duration_text(pace.seconds);
    } else if (total && done < total) {
        if (const std::optional<double> eta = pace.time_for(double(total - done)))
            line += ", ETA " + duration_text(*eta);
    }
    return line;
}

}  // namespace

Progress::Progress(std::string label, std::string unit, uint64_t total, std::ostream* out)
    : reporter_(out, out && util::is_terminal(*out),
                [label = std::move(label), unit = std::move(unit), total](
                    const uint64_t& done, double seconds, bool final) {
                    return progress_text(label, unit, total, done, seconds, final);
                }) {}

}  // namespace pantheon::data
