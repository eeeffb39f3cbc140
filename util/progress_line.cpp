#include "util/progress_line.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace pantheon::util {

ProgressLine::ProgressLine(std::ostream* out, bool terminal)
    : out_(out),
      terminal_(terminal),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

bool ProgressLine::due() {
    if (!out_) return false;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_draw_ < (terminal_ ? TERMINAL_INTERVAL : LOG_INTERVAL)) return false;
    last_draw_ = now;
    return true;
}

void ProgressLine::draw(const std::string& text, bool final) {
    if (!out_) return;
    if (terminal_)
        *out_ << '\r' << text << "\033[K" << (final ? "\n" : "") << std::flush;
    else
        *out_ << text << '\n' << std::flush;
}

double ProgressLine::seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

bool is_terminal(const std::ostream& out) {
    if (&out == &std::cerr || &out == &std::clog) return isatty(STDERR_FILENO);
    if (&out == &std::cout) return isatty(STDOUT_FILENO);
    return false;
}

std::string duration_text(double seconds) {
    const long s = long(seconds + 0.5);
    char buf[32];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%ldh%02ldm", s / 3600, s / 60 % 60);
    else
        std::snprintf(buf, sizeof buf, "%ldm%02lds", s / 60, s % 60);
    return buf;
}

std::string short_count(double n) {
    char buf[32];
    if (n >= 1e9)
        std::snprintf(buf, sizeof buf, "%.2fG", n / 1e9);
    else if (n >= 1e6)
        std::snprintf(buf, sizeof buf, "%.2fM", n / 1e6);
    else if (n >= 1e4)
        std::snprintf(buf, sizeof buf, "%.1fk", n / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.0f", n);
    return buf;
}

}  // namespace pantheon::util
