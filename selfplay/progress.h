// The progress line of a self-play run on stderr: games done, games/s,
// positions/s, the White/Black win split and the time left. Thread-safe;
// drawn by util::ProgressReporter.
#pragma once

#include <cstdint>
#include <ostream>

#include "data/game_record.h"
#include "util/progress_reporter.h"

namespace pantheon::selfplay {

// Variant-free: the command line prints them for either game.
struct RunCounts {
    uint64_t games = 0;
    uint64_t positions = 0;  // every recorded ply
    uint64_t searched = 0;   // plies the search judged (training samples)
    uint64_t white_wins = 0;
    uint64_t black_wins = 0;
    uint64_t draws = 0;  // Pandemonium
    uint64_t adjudicated = 0;
};

PANTHEON_VARIANT_BEGIN

class Progress : public util::ProgressReporter<RunCounts> {
  public:
    // `out` may be null (silent). `to_play` is the number of games this run plays.
    Progress(std::ostream* out, bool terminal, uint64_t to_play);

    void game_done(const data::GameRecord& game);
};

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
