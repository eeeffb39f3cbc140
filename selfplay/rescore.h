// Rescoring (`pantheon data rescore`): the positions of recorded games are
// searched again, deeper than the self-play that made them, and each
// searched ply's best move and score are replaced by the new verdict (see
// rescore_game.h). Every input file becomes one output file of the same
// name, written atomically once all its games are done; games are spread
// over the workers, each game searched by one worker in ply order after
// clearing its table, so the bytes depend only on the inputs and the
// settings, never on threads, scheduling or earlier interrupted runs. A run
// resumes from the outputs an earlier one finished (rescore_files.h) and
// refuses an output directory whose manifest names other settings. Shard K
// of N (`--shard K/N`) rescores the input files i with i % N == K into the
// same directory: the shards' outputs together are the unsharded run's.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "selfplay/rescore_game.h"
#include "selfplay/rescore_options.h"
#include "util/step_result.h"

namespace pantheon::selfplay {

// Variant-free: the command line prints it for either game.
struct RescoreReport {
    uint64_t files = 0;          // input files of this shard (all of them unsharded)
    uint64_t files_skipped = 0;  // already rescored by an earlier run
    uint64_t files_written = 0;
    uint64_t games = 0;      // games this run rescored
    uint64_t positions = 0;  // their plies
    RescoreCounts counts;    // their searched plies
    double seconds = 0;
    std::vector<std::string> notes;  // what resuming cleaned up
    util::DataSize data;             // the shard's output files after a finished run
};

PANTHEON_VARIANT_BEGIN

// `log` (may be null) receives notes and the progress line; `terminal` says
// whether it is an interactive terminal. False with a message on bad
// options, a damaged input (refused before any work), a settings mismatch
// with the output directory, or a failure while searching or writing
// (outputs finished before it stay; rerunning resumes).
bool run_rescore(const RescoreOptions& options, std::ostream* log, bool terminal,
                 RescoreReport& report, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
