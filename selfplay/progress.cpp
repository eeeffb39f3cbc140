#include "selfplay/progress.h"

#include <cstdio>
#include <string>

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

std::string progress_text(const RunCounts& c, uint64_t to_play, double seconds, bool final) {
    const util::Pace games(double(c.games), seconds);
    const auto percent = [&](uint64_t n) {
        return c.games ? 100.0 * double(n) / double(c.games) : 0.0;
    };
    // Draws only where the game has them, so Mansindam's line stays as it was.
    char draws[32] = "";
    if (Variant::draws) std::snprintf(draws, sizeof draws, " D %.1f%%", percent(c.draws));
    char line[256];
    std::snprintf(line, sizeof line,
                  "selfplay %llu/%llu games  %.2f games/s  %.0f pos/s  W %.1f%% B %.1f%%%s  %s",
                  static_cast<unsigned long long>(c.games),
                  static_cast<unsigned long long>(to_play), games.rate,
                  double(c.positions) / games.seconds, percent(c.white_wins), percent(c.black_wins),
                  draws, games.time_or_eta(double(to_play - c.games), final).c_str());
    return line;
}

}  // namespace

Progress::Progress(std::ostream* out, bool terminal, uint64_t to_play)
    : ProgressReporter(out, terminal, [to_play](const RunCounts& c, double seconds, bool final) {
          return progress_text(c, to_play, seconds, final);
      }) {}

void Progress::game_done(const data::GameRecord& game) {
    update([&](RunCounts& c) {
        ++c.games;
        c.positions += game.plies.size();
        for (const auto& ply : game.plies) c.searched += !ply.excluded;
        if (!game.winner)
            ++c.draws;
        else
            ++(*game.winner == WHITE ? c.white_wins : c.black_wins);
        c.adjudicated += game.adjudicated;
    });
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
