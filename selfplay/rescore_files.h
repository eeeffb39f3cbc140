// The files of a rescoring: every input data file becomes the output file of
// the same name in the output directory. Inputs are read completely before
// any work (checksums, decoding), so a damaged one is refused up front and
// nothing is published for it; their content checksums enter the manifest.
// Resuming keeps an output only if it reads back completely and holds its
// input's games with nothing but the verdicts changed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/game_record.h"
#include "selfplay/manifest.h"

namespace pantheon::selfplay {

// Variant-free.
struct RescoreFile {
    std::string input, output;  // paths
    uint64_t bytes = 0;         // of the input file
    uint64_t checksum = 0;      // of the input file's content
    uint64_t games = 0, positions = 0;
    uint64_t searched = 0;  // non-excluded plies: what the rescoring searches
};

PANTHEON_VARIANT_BEGIN

// Expands the inputs (a directory: its *.pgd files by name), maps each to
// out_dir/<its name>, reads it completely and measures it. False with a
// message naming the file on a damaged input, on two inputs of one name,
// or on an output that would replace its input.
bool plan_rescore_files(const std::vector<std::string>& inputs, const std::string& out_dir,
                        std::vector<RescoreFile>& files, std::string* error);

// The inputs as manifest entries: "input <name> = <bytes> bytes, checksum <hex>".
void add_input_settings(const std::vector<RescoreFile>& files, Settings& settings);

// Whether `out` holds the games of `in` with nothing but best moves and
// scores changed (starts, played moves, exclusions, results); `why` says
// where they differ.
bool same_games_but_verdicts(const std::vector<data::GameRecord>& in,
                             const std::vector<data::GameRecord>& out, std::string* why);

// Prepares a (resumed) run: removes leftover temporary outputs, keeps the
// outputs that read back completely and match their inputs, removes the
// others (noting why in `notes`; they are rescored again, identically) and
// returns the indices of the files still to rescore, in order. False with a
// message on an I/O failure.
bool pending_rescore_files(const std::vector<RescoreFile>& files, std::vector<size_t>& pending,
                           std::vector<std::string>& notes, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
