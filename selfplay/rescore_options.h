// Everything that configures a rescoring (`pantheon data rescore`): which
// data files, the search that relabels their positions, and how the work is
// carried out. Which settings change the output (and so belong in its
// manifest) is decided here, in one place.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "selfplay/manifest.h"
#include "selfplay/options.h"
#include "selfplay/rescore_game.h"
#include "selfplay/worker_search.h"

namespace pantheon::selfplay {

// Variant-free, so one command line fills it for either game.
struct RescoreOptions {
    // --- what the output holds (recorded in the manifest) ---
    std::vector<std::string> inputs;  // data files and directories (a directory: its *.pgd)
    // Of every position; no node count by default: --nodes or --depth is given.
    SearchLimits search{.nodes = 0};
    std::string net;       // net file, "builtin", or empty: the hand-crafted evaluation
    RescoreLabels labels;  // searched or kept, and the terms added to the scores
    // An outside UCI engine as the judge instead of our search (uci_judge.h):
    // its player spec, and the percentage of its centipawns a label takes
    // (engines count centipawns on their own scales). Empty: our search.
    std::string engine;
    int engine_score_percent = 100;

    // --- how it is carried out (never changes the output) ---
    std::string out_dir;
    int threads = 1;
    bool progress = true;     // progress line on stderr
    std::string result_file;  // written on success (util/step_result.h); empty = none
    // This process rescores the input files i (in the inputs' order) with
    // i % shard_count == shard_index; each file's output is the same bytes
    // whichever shard writes it.
    int shard_index = 0, shard_count = 1;
};

PANTHEON_VARIANT_BEGIN

inline constexpr ManifestKind RESCORE_MANIFEST{"rescore-manifest.txt", "data rescore"};

// Empty if the options are usable, else a message naming the bad option.
std::string validate(const RescoreOptions& options);

// The settings that determine the output, for the manifest: the search (the
// engine's fingerprint, the net's parameter hash, limits, table size) and the
// game. The input files are added by add_input_settings (rescore_files.h).
Settings rescore_settings(const RescoreOptions& options, uint64_t engine_fingerprint,
                          uint64_t net_hash);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
