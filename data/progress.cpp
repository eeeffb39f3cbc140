#include "data/progress.h"

#include <cstdio>

namespace pantheon::data {

using util::duration_text;
using util::short_count;

Progress::Progress(std::string label, std::string unit, uint64_t total, std::ostream* out)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      total_(total),
      line_(out, out && util::is_terminal(*out)) {}

void Progress::update(uint64_t done) {
    done_ = done;
    if (line_.due()) line_.draw(text(false), false);
}

void Progress::finish() {
    if (finished_) return;
    finished_ = true;
    line_.draw(text(true), true);
}

std::string Progress::text(bool final) const {
    const double elapsed = seconds();
    const double rate = elapsed > 0 ? double(done_) / elapsed : 0;
    std::string line = label_ + ": " + short_count(double(done_));
    if (total_) {
        char pct[16];
        std::snprintf(pct, sizeof pct, " (%.1f%%)", 100.0 * double(done_) / double(total_));
        line += " / " + short_count(double(total_)) + " " + unit_ + pct;
    } else {
        line += " " + unit_;
    }
    line += ", " + short_count(rate) + " " + unit_ + "/s";
    if (final)
        line += ", " + duration_text(elapsed);
    else if (total_ && rate > 0 && done_ < total_)
        line += ", ETA " + duration_text(double(total_ - done_) / rate);
    return line;
}

}  // namespace pantheon::data
