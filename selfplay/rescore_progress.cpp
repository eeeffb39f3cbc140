#include "selfplay/rescore_progress.h"

#include <cstdio>
#include <string>

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

std::string progress_text(const RescoreTally& t, uint64_t positions, uint64_t files, double seconds,
                          bool final) {
    using util::short_count;
    const double done = double(t.counts.handled());
    const util::Pace pace(done, seconds);
    const double percent = positions ? 100.0 * done / double(positions) : 100.0;
    char line[256];
    std::snprintf(
        line, sizeof line, "rescore %s/%s positions (%.1f%%)  %.0f pos/s  files %llu/%llu  %s",
        short_count(done).c_str(), short_count(double(positions)).c_str(), percent, pace.rate,
        static_cast<unsigned long long>(t.files_written), static_cast<unsigned long long>(files),
        pace.time_or_eta(double(positions) - done, final).c_str());
    return line;
}

}  // namespace

RescoreProgress::RescoreProgress(std::ostream* out, bool terminal, uint64_t positions,
                                 uint64_t files)
    : ProgressReporter(out, terminal,
                       [positions, files](const RescoreTally& t, double seconds, bool final) {
                           return progress_text(t, positions, files, seconds, final);
                       }) {}

void RescoreProgress::game_done(const RescoreCounts& counts) {
    update([&](RescoreTally& t) {
        t.counts.searched += counts.searched;
        t.counts.mates_kept += counts.mates_kept;
        t.counts.declined += counts.declined;
        t.counts.scores_changed += counts.scores_changed;
        t.counts.best_changed += counts.best_changed;
        ++t.games;
    });
}

void RescoreProgress::file_written() {
    update([](RescoreTally& t) { ++t.files_written; });
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
