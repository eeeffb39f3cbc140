// The one progress reporter of long commands (self-play, rescoring, the
// data tools): the counts of what is done, kept under a lock so worker
// threads may report, and a progress line (util::ProgressLine: in place on a
// terminal, a plain line every few seconds in logs) redrawn from them when
// due. Each command gives the text of its line; Pace gives the rate and the
// time left it shows.
#pragma once

#include <algorithm>
#include <functional>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>

#include "util/progress_line.h"

namespace pantheon::util {

// How fast work measured in units goes: `done` units in `elapsed` seconds.
struct Pace {
    Pace(double done, double elapsed) : seconds(std::max(elapsed, 1e-9)), rate(done / seconds) {}

    double seconds;  // never 0, so rates are finite
    double rate;     // units a second

    // Seconds the `left` units still take; none before anything is done.
    std::optional<double> time_for(double left) const {
        if (rate > 0) return left / rate;
        return std::nullopt;
    }
    // "time 3m07s" on the final line; before it "ETA 1m35s", or "ETA ?" while
    // there is no rate yet.
    std::string time_or_eta(double left, bool final) const {
        if (final) return "time " + duration_text(seconds);
        const std::optional<double> eta = time_for(left);
        return "ETA " + (eta ? duration_text(*eta) : std::string("?"));
    }
};

template <class Counts>
class ProgressReporter {
  public:
    // The line's text from the counts and the seconds since the start.
    using Text = std::function<std::string(const Counts&, double seconds, bool final)>;

    // `out` may be null (silent). `terminal`: redraw in place (is_terminal).
    ProgressReporter(std::ostream* out, bool terminal, Text text)
        : line_(out, terminal), text_(std::move(text)) {}
    ProgressReporter(const ProgressReporter&) = delete;
    ProgressReporter& operator=(const ProgressReporter&) = delete;

    // Applies `change` to the counts (it is called as change(Counts&), under
    // the lock) and redraws the line if one is due.
    template <class Change>
    void update(Change&& change) {
        std::lock_guard lock(mutex_);
        change(counts_);
        if (line_.due()) draw(false);
    }
    Counts counts() const {
        std::lock_guard lock(mutex_);
        return counts_;
    }
    double seconds() const { return line_.seconds(); }
    // Draws the final line, ended by a newline; later calls draw nothing.
    void finish() {
        std::lock_guard lock(mutex_);
        if (finished_) return;
        finished_ = true;
        draw(true);
    }

  private:
    void draw(bool final) {
        if (line_.enabled()) line_.draw(text_(counts_, seconds(), final), final);
    }

    ProgressLine line_;
    Text text_;
    mutable std::mutex mutex_;
    Counts counts_{};
    bool finished_ = false;
};

}  // namespace pantheon::util
