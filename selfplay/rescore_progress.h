// The progress line of a rescoring on stderr: positions searched of those to
// search, positions/s, files written and the time left. Thread-safe; drawn
// by util::ProgressReporter.
#pragma once

#include <cstdint>
#include <ostream>

#include "selfplay/rescore_game.h"
#include "util/progress_reporter.h"

namespace pantheon::selfplay {

// What a rescoring has done so far.
struct RescoreTally {
    RescoreCounts counts;
    uint64_t games = 0;
    uint64_t files_written = 0;
};

PANTHEON_VARIANT_BEGIN

class RescoreProgress : public util::ProgressReporter<RescoreTally> {
  public:
    // `out` may be null (silent). The totals are what this run rescores.
    RescoreProgress(std::ostream* out, bool terminal, uint64_t positions, uint64_t files);

    void game_done(const RescoreCounts& counts);
    void file_written();
};

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
