// `pantheon data merge | filter | shuffle`: whole datasets in, new files out.
// Outputs are written through GameFileWriter (temporary name, then rename),
// so an interrupted run leaves no partial file under the final name.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/game_file.h"
#include "data/position_filter.h"
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

static_assert(PositionFilter{}.max_abs_score == SCORE_LIMIT);

// The filter's rule, shared by `data filter`, the trainer's stream and the tuner.
bool filter_keeps(const PositionFilter& filter, int ply, int score, bool in_check,
                  bool tactical_best);
inline bool filter_keeps(const PositionFilter& filter, const TrainingPosition& t) {
    return filter_keeps(filter, t.ply, t.score, t.in_check, t.best_is_tactical());
}
// Positions the filter does not keep are marked excluded (the game chain
// stays whole), and games left without a training position are dropped.
bool filter_inputs(const std::vector<std::string>& inputs, const std::string& output,
                   const PositionFilter& filter, const WriterOptions& writer,
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
