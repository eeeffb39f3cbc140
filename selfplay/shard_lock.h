// Keeps two processes off the same chunks of a self-play output directory.
// Shard K of N holds the lock file ".selfplay-shard-K-of-N.lock" in the
// directory (util/run_lock.h: released by the kernel when the process dies,
// even by kill -9), so the same shard cannot run twice; and a shard whose
// chunks overlap those of a running shard of another count (0/1 beside 1/2)
// is refused too. Shards that share no chunk run side by side.
#pragma once

#include <string>

#include "engine/core/variant.h"
#include "util/run_lock.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

std::string shard_lock_name(int shard_index, int shard_count);

// Takes the shard's lock in `dir`; false with a message naming the running
// process when it, or an overlapping shard, is running there.
bool lock_shard(const std::string& dir, int shard_index, int shard_count, util::RunLock& lock,
                std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
