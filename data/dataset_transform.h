// `pantheon data merge | filter | shuffle`: whole datasets in, new files out.
// Outputs are written through GameFileWriter (temporary name, then rename),
// so an interrupted run leaves no partial file under the final name.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/game_file.h"
#include "data/training_position.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

struct TransformReport {
    uint64_t games_in = 0, positions_in = 0;
    uint64_t games_out = 0, positions_out = 0;  // positions: training positions written
    std::vector<std::string> outputs;
};

// All games of the inputs, in input order, into one file.
bool merge_inputs(const std::vector<std::string>& inputs, const std::string& output,
                  const WriterOptions& writer, std::ostream* progress_out, TransformReport& report,
                  std::string* error);

// Which training positions to keep; the others are marked excluded (the game
// chain stays whole), and games left without a training position are dropped.
struct FilterOptions {
    int min_ply = 0;
    int max_ply = INT32_MAX;
    int max_abs_score = SCORE_LIMIT;
    bool drop_in_check = false;       // side to move in check
    bool drop_tactical_best = false;  // best move is a capture or a promotion
};
// The filter's rule, shared by `data filter` and the trainer's stream.
bool filter_keeps(const FilterOptions& filter, int ply, int score, bool in_check,
                  bool tactical_best);
inline bool filter_keeps(const FilterOptions& filter, const TrainingPosition& t) {
    return filter_keeps(filter, t.ply, t.score, t.in_check, t.best_is_tactical());
}
bool filter_inputs(const std::vector<std::string>& inputs, const std::string& output,
                   const FilterOptions& filter, const WriterOptions& writer,
                   std::ostream* progress_out, TransformReport& report, std::string* error);

// A global shuffle of games into `files` outputs named shuffled-NNNNN.pgd in
// out_dir: each game goes to a file chosen by the seed, then each file's
// games are shuffled. Games stay whole (chains are what makes the format
// compact); positions are decorrelated further by the training stream's
// shuffle buffer.
bool shuffle_inputs(const std::vector<std::string>& inputs, const std::string& out_dir, int files,
                    uint64_t seed, const WriterOptions& writer, std::ostream* progress_out,
                    TransformReport& report, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::data
