// A progress line for long data operations: done/total, rate and ETA, drawn
// by util::ProgressReporter (redrawn in place on a terminal, a plain line
// every few seconds in logs).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "util/progress_reporter.h"

namespace pantheon::data {

class Progress {
  public:
    // total = 0 when unknown (no percentage or ETA then). A null stream is
    // silent; whether it redraws in place follows util::is_terminal(*out).
    Progress(std::string label, std::string unit, uint64_t total, std::ostream* out);
    void update(uint64_t done) {
        reporter_.update([done](uint64_t& d) { d = done; });
    }
    void add(uint64_t n) {
        reporter_.update([n](uint64_t& d) { d += n; });
    }
    // Prints the final line (with the overall rate) and a newline, once.
    void finish() { reporter_.finish(); }
    uint64_t done() const { return reporter_.counts(); }
    double seconds() const { return reporter_.seconds(); }

  private:
    util::ProgressReporter<uint64_t> reporter_;
};

}  // namespace pantheon::data
