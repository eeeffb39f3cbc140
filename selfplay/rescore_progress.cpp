#include "selfplay/rescore_progress.h"

#include <algorithm>
#include <cstdio>

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

using util::duration_text;
using util::short_count;

RescoreProgress::RescoreProgress(std::ostream* out, bool terminal, uint64_t positions,
                                 uint64_t files)
    : positions_(positions), files_(files), line_(out, terminal) {}

void RescoreProgress::game_done(const RescoreCounts& counts) {
    std::lock_guard lock(mutex_);
    counts_.searched += counts.searched;
    counts_.scores_changed += counts.scores_changed;
    counts_.best_changed += counts.best_changed;
    ++games_;
    if (line_.due()) draw(false);
}

void RescoreProgress::file_written() {
    std::lock_guard lock(mutex_);
    ++files_written_;
}

RescoreCounts RescoreProgress::counts() const {
    std::lock_guard lock(mutex_);
    return counts_;
}

uint64_t RescoreProgress::games() const {
    std::lock_guard lock(mutex_);
    return games_;
}

uint64_t RescoreProgress::files_written() const {
    std::lock_guard lock(mutex_);
    return files_written_;
}

double RescoreProgress::seconds() const {
    return line_.seconds();
}

void RescoreProgress::finish() {
    std::lock_guard lock(mutex_);
    draw(true);
}

void RescoreProgress::draw(bool final) {
    if (!line_.enabled()) return;
    const double elapsed = std::max(seconds(), 1e-9);
    const double done = double(counts_.searched);
    const double rate = done / elapsed;
    const double percent = positions_ ? 100.0 * done / double(positions_) : 100.0;
    char line[256];
    std::snprintf(line, sizeof line,
                  "rescore %s/%s positions (%.1f%%)  %.0f pos/s  files %llu/%llu  %s %s",
                  short_count(done).c_str(), short_count(double(positions_)).c_str(), percent, rate,
                  static_cast<unsigned long long>(files_written_),
                  static_cast<unsigned long long>(files_), final ? "time" : "ETA",
                  (final      ? duration_text(elapsed)
                   : rate > 0 ? duration_text((double(positions_) - done) / rate)
                              : std::string("?"))
                      .c_str());
    line_.draw(line, final);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
