// A progress line for long data operations: done/total, rate and ETA, drawn
// through util::ProgressLine (redrawn in place on a terminal, a plain line
// every few seconds in logs).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "util/progress_line.h"

namespace pantheon::data {

class Progress {
  public:
    // total = 0 when unknown (no percentage or ETA then). A null stream is
    // silent; whether it redraws in place follows util::is_terminal(*out).
    Progress(std::string label, std::string unit, uint64_t total, std::ostream* out);
    void update(uint64_t done);
    void add(uint64_t n) { update(done_ + n); }
    // Prints the final line (with the overall rate) and a newline.
    void finish();
    uint64_t done() const { return done_; }
    double seconds() const { return line_.seconds(); }

  private:
    std::string text(bool final) const;

    std::string label_, unit_;
    uint64_t total_;
    uint64_t done_ = 0;
    util::ProgressLine line_;
    bool finished_ = false;
};

}  // namespace pantheon::data
