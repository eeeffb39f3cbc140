// Which part of a run this process plays: shard K of N, from `--shard K/N` or,
// when that is not given, from a Slurm job array (one shard per array task).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/core/variant.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

struct Shard {
    int index = 0;
    int count = 1;
};

// "K/N" with 0 <= K < N; nullopt and a message otherwise.
std::optional<Shard> parse_shard(std::string_view text, std::string* error);

// From the values of SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT and
// SLURM_ARRAY_TASK_MIN (null when unset): shard = task id - min task id, of
// count tasks. nullopt without an error when not in a job array; nullopt with
// a message when the values make no sense (e.g. a stepped --array=0-9:2).
std::optional<Shard> shard_from_slurm(const char* task_id, const char* task_count,
                                      const char* task_min, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
