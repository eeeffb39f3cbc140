#include "selfplay/progress.h"

#include "data/progress.h"

#include <cstdio>
#include <string>

namespace pantheon::selfplay {

using data::duration_text;

namespace {

constexpr std::chrono::seconds TERMINAL_INTERVAL{1};
constexpr std::chrono::seconds LOG_INTERVAL{30};

}  // namespace

Progress::Progress(std::ostream* out, bool terminal, uint64_t to_play)
    : out_(out),
      terminal_(terminal),
      to_play_(to_play),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

void Progress::game_done(const data::GameRecord& game) {
    std::lock_guard lock(mutex_);
    ++counts_.games;
    counts_.positions += game.plies.size();
    for (const auto& ply : game.plies) counts_.searched += !ply.excluded;
    ++(game.winner == WHITE ? counts_.white_wins : counts_.black_wins);
    counts_.adjudicated += game.adjudicated;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_draw_ >= (terminal_ ? TERMINAL_INTERVAL : LOG_INTERVAL)) {
        last_draw_ = now;
        draw(false);
    }
}

RunCounts Progress::counts() const {
    std::lock_guard lock(mutex_);
    return counts_;
}

double Progress::seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Progress::finish() {
    std::lock_guard lock(mutex_);
    draw(true);
}

void Progress::draw(bool final) {
    if (!out_) return;
    const double elapsed = std::max(seconds(), 1e-9);
    const RunCounts& c = counts_;
    const double games_per_s = double(c.games) / elapsed;
    const double white = c.games ? 100.0 * double(c.white_wins) / double(c.games) : 0.0;
    char line[256];
    std::snprintf(line, sizeof line,
                  "selfplay %llu/%llu games  %.2f games/s  %.0f pos/s  W %.1f%% B %.1f%%  %s %s",
                  static_cast<unsigned long long>(c.games),
                  static_cast<unsigned long long>(to_play_), games_per_s,
                  double(c.positions) / elapsed, white, c.games ? 100.0 - white : 0.0,
                  final ? "time" : "ETA",
                  (final             ? duration_text(elapsed)
                   : games_per_s > 0 ? duration_text(double(to_play_ - c.games) / games_per_s)
                                     : std::string("?"))
                      .c_str());
    if (terminal_)
        *out_ << '\r' << line << "\033[K" << (final ? "\n" : "") << std::flush;
    else
        *out_ << line << std::endl;
}

}  // namespace pantheon::selfplay
