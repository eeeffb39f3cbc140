// The progress line of a self-play run on stderr: games done, games/s,
// positions/s, the White/Black win split and the time left. Thread-safe;
// drawn through util::ProgressLine (in place on a terminal, a plain line
// every few seconds in logs).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <ostream>

#include "data/game_record.h"
#include "util/progress_line.h"

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

class Progress {
  public:
    // `out` may be null (silent). `to_play` is the number of games this run plays.
    Progress(std::ostream* out, bool terminal, uint64_t to_play);

    void game_done(const data::GameRecord& game);
    RunCounts counts() const;
    double seconds() const;
    // Draws the final line and ends it with a newline.
    void finish();

  private:
    void draw(bool final);

    uint64_t to_play_;
    util::ProgressLine line_;
    mutable std::mutex mutex_;
    RunCounts counts_;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
