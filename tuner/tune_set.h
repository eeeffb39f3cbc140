// Positions prepared for tuning: each one's trace of the hand-crafted
// evaluation (which parameter multiplies which feature count), its target
// (the game result as a probability for the side to move) and the engine's
// score of it, stored flat so a pass over them is a few array walks.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "data/dataset_transform.h"
#include "engine/search/hce_trace.h"
#include "tuner/tune_options.h"

namespace pantheon::tuner {
PANTHEON_VARIANT_BEGIN

struct TunePosition {
    uint32_t begin = 0;                           // first term in TuneSet::terms
    uint16_t linear = 0, units0 = 0, units1 = 0;  // term counts, in that order
    uint8_t king_rank[COLOR_NB] = {};
    float target = 0.5f;  // 1 = the side to move won, 0.5 = drawn, 0 = lost
    int32_t engine_score = 0;
};

class TuneSet {
  public:
    // Appends a traced position (duplicate parameters merged).
    void add(const search::EvalTrace& trace, int engine_score, double target);
    void append(const TuneSet& other);
    size_t size() const { return positions_.size(); }
    const TunePosition& position(size_t i) const { return positions_[i]; }
    const search::EvalTerm* terms(const TunePosition& p) const { return &terms_[p.begin]; }
    // Splits off every `every`-th position (by index) into `held_out`.
    void split(size_t every, TuneSet& held_out);

  private:
    std::vector<TunePosition> positions_;
    std::vector<search::EvalTerm> terms_;
};

struct LoadCounts {
    uint64_t read = 0, filtered = 0, malformed = 0, kept = 0;
};

// Reads data files/directories through the training stream (file order),
// keeps positions passing the filter and traces them. False with a message
// when the data cannot be read or no position is left.
bool load_tune_set(const std::vector<std::string>& inputs, const LoadOptions& options, TuneSet& out,
                   LoadCounts& counts, std::ostream* progress, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::tuner
