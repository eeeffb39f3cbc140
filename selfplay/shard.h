// Which part of a run this process plays: shard K of N, from `--shard K/N` or,
// when that is not given, from a Slurm job array (one shard per array task).
// The one convention of every sharded command lives in util/shard.h.
#pragma once

#include "engine/core/variant.h"
#include "util/shard.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

using util::parse_shard;
using util::Shard;
using util::shard_from_slurm;

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
