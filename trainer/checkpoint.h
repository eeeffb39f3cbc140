// Checkpoints: the float weights (factor rows included), the optimizer's
// moments and step count, the data position (epoch and stream positions
// consumed, from which the seeded stream is replayed) and the run's log
// (with the loss of the steps since its last row; version 1 files lack it)
// and the parent net the run started from (version 3), under the
// configuration hash and the architecture hash. Published atomically
// (util/atomic_file.h); read back only if the checksum, both hashes and every
// size match. Version 3 hashes the configuration without the run's length
// limits (a run goes on under a higher limit); versions 1 and 2 with them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "trainer/model.h"
#include "trainer/optimizer.h"
#include "trainer/train_recipe.h"
#include "trainer/train_log.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

struct RunState {
    uint64_t step = 0;
    uint64_t positions = 0;  // trained on
    uint64_t epoch = 0;
    uint64_t consumed = 0;  // stream positions consumed in the epoch
    double seconds = 0;     // run time over all sessions
    // The training loss summed over the steps since the last log row, so the
    // next row of a resumed run averages the same steps as an uninterrupted one.
    double loss_sum = 0;
    uint64_t loss_steps = 0;
    std::vector<LogRow> log;
    // The net the run was initialised from (--init at its start); empty when
    // it started from random weights or the checkpoint is older than version 3.
    std::string parent_path, parent_sha256;
};

bool save_checkpoint(const std::string& path, const TrainConfig& config, Model& model, Adam& adam,
                     const RunState& state, std::string* error);
bool load_checkpoint(const std::string& path, const TrainConfig& config, Model& model, Adam& adam,
                     RunState& state, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
