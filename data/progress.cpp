#include "data/progress.h"

#include <cstdio>

namespace pantheon::data {

namespace {

constexpr auto REDRAW_INTERVAL = std::chrono::milliseconds(250);

}  // namespace

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

Progress::Progress(std::string label, std::string unit, uint64_t total, std::ostream* out)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      total_(total),
      out_(out),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

double Progress::seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Progress::update(uint64_t done) {
    done_ = done;
    const auto now = std::chrono::steady_clock::now();
    if (out_ && now - last_draw_ >= REDRAW_INTERVAL) {
        last_draw_ = now;
        draw(false);
    }
}

void Progress::finish() {
    if (finished_) return;
    finished_ = true;
    if (out_) draw(true);
}

void Progress::draw(bool final) {
    const double elapsed = seconds();
    const double rate = elapsed > 0 ? double(done_) / elapsed : 0;
    std::string line = "\r" + label_ + ": " + short_count(double(done_));
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
    *out_ << line << "    " << (final ? "\n" : "") << std::flush;
}

}  // namespace pantheon::data
