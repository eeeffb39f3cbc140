// Training positions for the trainer: the data module's stream (decoding
// threads, shuffle buffer), the `data filter` rule, a held-out validation
// share chosen by position hash (the same position is never in both), and
// epochs: each pass over the data is a fresh stream seeded by (seed, epoch),
// so a run's position sequence depends only on the data and the config, and
// a resumed run finds its place by replaying the stream of its epoch.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "data/training_position.h"
#include "data/training_stream.h"
#include "trainer/train_recipe.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

// Whether a position belongs to the held-out validation share.
bool is_validation(const data::TrainingPosition& t, double fraction);

// Why positions were left out of training.
struct SourceCounts {
    uint64_t read = 0;       // positions the streams gave (this epoch)
    uint64_t filtered = 0;   // failed the filter
    uint64_t held_out = 0;   // validation share
    uint64_t malformed = 0;  // not a game position (features could not be built)
};

class BatchSource {
  public:
    explicit BatchSource(const TrainConfig& config);
    ~BatchSource();

    // Checks the inputs and starts epoch `epoch`, skipping the first `skip`
    // positions of its stream (resume). False with a message on failure.
    bool open(uint64_t epoch, uint64_t skip, std::string* error);
    // Fills out with up to n training positions; fewer only when the epoch
    // limit is reached. False with a message on a data error or when a whole
    // epoch yields no training position.
    bool next(size_t n, std::vector<data::TrainingPosition>& out, std::string* error);
    // Training positions in one pass over the data (after filters and the
    // validation share): a separate pass, for planning runs limited by epochs.
    bool count_training_positions(uint64_t& count, std::string* error);
    // Up to n validation positions (a separate pass in file order).
    bool validation(size_t n, std::vector<data::TrainingPosition>& out, std::string* error);

    uint64_t epoch() const { return epoch_; }
    // Stream positions consumed in the current epoch (the resume point).
    uint64_t consumed() const { return consumed_; }
    uint64_t total_positions() const { return total_positions_; }
    const SourceCounts& counts() const { return counts_; }

  private:
    bool start_epoch(std::string* error);
    bool keep(const data::TrainingPosition& t);

    TrainConfig config_;
    std::unique_ptr<data::TrainingStream> stream_;
    std::vector<data::TrainingPosition> buffer_;
    size_t buffer_at_ = 0;
    uint64_t epoch_ = 0, consumed_ = 0, total_positions_ = 0;
    uint64_t kept_this_epoch_ = 0;
    SourceCounts counts_;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
