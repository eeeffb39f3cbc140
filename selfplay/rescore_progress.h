// The progress line of a rescoring on stderr: positions searched of those to
// search, positions/s, files written and the time left. Thread-safe; drawn
// through util::ProgressLine (in place on a terminal, a plain line every few
// seconds in logs).
#pragma once

#include <cstdint>
#include <mutex>
#include <ostream>

#include "selfplay/rescore_game.h"
#include "util/progress_line.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

class RescoreProgress {
  public:
    // `out` may be null (silent). The totals are what this run rescores.
    RescoreProgress(std::ostream* out, bool terminal, uint64_t positions, uint64_t files);

    void game_done(const RescoreCounts& counts);
    void file_written();
    RescoreCounts counts() const;
    uint64_t games() const;
    uint64_t files_written() const;
    double seconds() const;
    // Draws the final line and ends it with a newline.
    void finish();

  private:
    void draw(bool final);

    uint64_t positions_, files_;
    util::ProgressLine line_;
    mutable std::mutex mutex_;
    RescoreCounts counts_;
    uint64_t games_ = 0, files_written_ = 0;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
