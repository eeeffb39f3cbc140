// The one way long commands show progress. On a terminal the line is redrawn
// in place a few times a second; otherwise (log files, pipes, Slurm output)
// a plain new line is written every few seconds, never carriage returns.
// Callers build the text; this decides when and how it is drawn.
#pragma once

#include <chrono>
#include <ostream>
#include <string>

namespace pantheon::util {

class ProgressLine {
  public:
    static constexpr std::chrono::milliseconds TERMINAL_INTERVAL{250};
    static constexpr std::chrono::milliseconds LOG_INTERVAL{5000};

    // A null stream is silent. `terminal`: redraw in place (see is_terminal).
    ProgressLine(std::ostream* out, bool terminal);

    bool enabled() const { return out_ != nullptr; }
    bool terminal() const { return terminal_; }
    // True when a new intermediate line is due (and counts it as drawn).
    bool due();
    // Draws `text`; the final line always ends with a newline.
    void draw(const std::string& text, bool final);
    double seconds() const;

  private:
    std::ostream* out_;
    bool terminal_;
    std::chrono::steady_clock::time_point start_, last_draw_;
};

// Whether the stream is std::cerr/std::clog/std::cout attached to a terminal.
bool is_terminal(const std::ostream& out);

// Elapsed or remaining time as "1h05m" or "3m07s".
std::string duration_text(double seconds);
// "1.23M", "45.6k", "789": short counts for progress lines and reports.
std::string short_count(double n);

}  // namespace pantheon::util
