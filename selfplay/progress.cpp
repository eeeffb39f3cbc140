#include "selfplay/progress.h"

#include <cstdio>
#include <string>

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

using util::duration_text;

Progress::Progress(std::ostream* out, bool terminal, uint64_t to_play)
    : to_play_(to_play), line_(out, terminal) {}

void Progress::game_done(const data::GameRecord& game) {
    std::lock_guard lock(mutex_);
    ++counts_.games;
    counts_.positions += game.plies.size();
    for (const auto& ply : game.plies) counts_.searched += !ply.excluded;
    if (!game.winner)
        ++counts_.draws;
    else
        ++(*game.winner == WHITE ? counts_.white_wins : counts_.black_wins);
    counts_.adjudicated += game.adjudicated;
    if (line_.due()) draw(false);
}

RunCounts Progress::counts() const {
    std::lock_guard lock(mutex_);
    return counts_;
}

double Progress::seconds() const {
    return line_.seconds();
}

void Progress::finish() {
    std::lock_guard lock(mutex_);
    draw(true);
}

void Progress::draw(bool final) {
    if (!line_.enabled()) return;
    const double elapsed = std::max(seconds(), 1e-9);
    const RunCounts& c = counts_;
    const double games_per_s = double(c.games) / elapsed;
    const auto percent = [&](uint64_t n) { return c.games ? 100.0 * double(n) / double(c.games) : 0.0; };
    // Draws only where the game has them, so Mansindam's line stays as it was.
    char draws[32] = "";
    if (Variant::draws) std::snprintf(draws, sizeof draws, " D %.1f%%", percent(c.draws));
    char line[256];
    std::snprintf(line, sizeof line,
                  "selfplay %llu/%llu games  %.2f games/s  %.0f pos/s  W %.1f%% B %.1f%%%s  %s %s",
                  static_cast<unsigned long long>(c.games),
                  static_cast<unsigned long long>(to_play_), games_per_s,
                  double(c.positions) / elapsed, percent(c.white_wins), percent(c.black_wins), draws,
                  final ? "time" : "ETA",
                  (final             ? duration_text(elapsed)
                   : games_per_s > 0 ? duration_text(double(to_play_ - c.games) / games_per_s)
                                     : std::string("?"))
                      .c_str());
    line_.draw(line, final);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
