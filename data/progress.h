// A progress line for long operations: done/total, rate and ETA, redrawn on
// one line of a stream (stderr) at most a few times a second.
#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

namespace pantheon::data {

class Progress {
  public:
    // total = 0 when unknown (no percentage or ETA then). A null stream is silent.
    Progress(std::string label, std::string unit, uint64_t total, std::ostream* out);
    void update(uint64_t done);
    void add(uint64_t n) { update(done_ + n); }
    // Prints the final line (with the overall rate) and a newline.
    void finish();
    uint64_t done() const { return done_; }
    double seconds() const;

  private:
    void draw(bool final);

    std::string label_, unit_;
    uint64_t total_;
    uint64_t done_ = 0;
    std::ostream* out_;
    std::chrono::steady_clock::time_point start_, last_draw_;
    bool finished_ = false;
};

// Elapsed or remaining time as "1h05m" or "3m07s".
std::string duration_text(double seconds);
// "1.23M", "456k", "789" — short counts for progress lines and reports.
std::string short_count(double n);

}  // namespace pantheon::data
