// A self-play run: plays the shard's missing chunks of games in parallel (one
// single-threaded engine per worker) and writes each chunk as its own data
// file once all its games are done. The bytes of every chunk depend only on
// the settings and the chunk's game indices, never on threads, shards,
// scheduling or earlier interrupted runs.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "selfplay/options.h"
#include "selfplay/progress.h"
#include "util/step_result.h"

namespace pantheon::selfplay {

struct RunReport {
    RunCounts counts;  // games played by this run
    double seconds = 0;
    uint64_t chunks_owned = 0;    // chunks of this shard in the whole run
    uint64_t chunks_skipped = 0;  // already complete from an earlier run
    uint64_t chunks_written = 0;
    uint64_t chunks_left = 0;        // still to play (held back by max_chunks or an error)
    std::vector<std::string> notes;  // what resuming cleaned up
    util::DataSize data;  // the shard's chunk files after the run (this and earlier runs)
};

PANTHEON_VARIANT_BEGIN

// `log` (may be null) receives notes and the progress line; `terminal` says
// whether it is an interactive terminal. False with a message on bad options,
// a settings mismatch with the output directory, or a failure while playing
// or writing (chunks finished before it stay on disk; rerunning resumes).
bool run_selfplay(const SelfplayOptions& options, std::ostream* log, bool terminal,
                  RunReport& report, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
