// Keeps two processes off the same files of a sharded output directory:
// self-play's chunks, rescoring's files (both owned by shard K of N when
// their number c has c % N == K). Shard K of N holds the lock file
// ".<work>-shard-K-of-N.lock" in the directory (util/run_lock.h: released by
// the kernel when the process dies, even by kill -9), so the same shard
// cannot run twice; and a shard whose files overlap those of a running shard
// of another count (0/1 beside 1/2) is refused too. Shards that share no
// file run side by side.
#pragma once

#include <string>

#include "engine/core/variant.h"
#include "util/run_lock.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

// What a directory's shards make: the lock files' prefix and the words of
// the messages.
struct ShardedWork {
    const char* lock_prefix;  // "selfplay": ".selfplay-shard-K-of-N.lock"
    const char* directory;    // "self-play directory"
    const char* files;        // "chunks"
};
inline constexpr ShardedWork SELFPLAY_SHARDS{"selfplay", "self-play directory", "chunks"};
inline constexpr ShardedWork RESCORE_SHARDS{"rescore", "rescoring directory", "files"};

std::string shard_lock_name(const ShardedWork& work, int shard_index, int shard_count);

// Takes the shard's lock in `dir`; false with a message naming the running
// process when it, or an overlapping shard, is running there.
bool lock_shard(const ShardedWork& work, const std::string& dir, int shard_index, int shard_count,
                util::RunLock& lock, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
