#include "selfplay/shard_lock.h"

#include <cstdio>
#include <filesystem>
#include <numeric>

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace fs = std::filesystem;

std::string shard_lock_name(const ShardedWork& work, int shard_index, int shard_count) {
    std::string name = ".";
    name += work.lock_prefix;
    name += "-shard-" + std::to_string(shard_index) + "-of-" + std::to_string(shard_count);
    return name + ".lock";
}

namespace {

// Shards K/N and J/M share file c iff c = K mod N and c = J mod M, which
// some c satisfies iff K = J mod gcd(N, M).
bool shards_overlap(int k, int n, int j, int m) {
    const int g = std::gcd(n, m);
    return k % g == j % g;
}

}  // namespace

bool lock_shard(const ShardedWork& work, const std::string& dir, int shard_index, int shard_count,
                util::RunLock& lock, std::string* error) {
    const std::string what = std::string(work.directory) + " '" + dir + "' (shard " +
                             std::to_string(shard_index) + "/" + std::to_string(shard_count) + ")";
    if (!lock.acquire((fs::path(dir) / shard_lock_name(work, shard_index, shard_count)).string(),
                      what, error))
        return false;
    std::string pattern = ".";
    pattern += work.lock_prefix;
    pattern += "-shard-%d-of-%d.lock";
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        int j = 0, m = 0;
        const std::string name = entry.path().filename().string();
        if (std::sscanf(name.c_str(), pattern.c_str(), &j, &m) != 2 || m < 1 ||
            name != shard_lock_name(work, j, m) || (j == shard_index && m == shard_count) ||
            !shards_overlap(shard_index, shard_count, j, m))
            continue;
        if (const auto pid = util::lock_holder(entry.path().string())) {
            lock.release();
            if (error)
                *error = util::in_use_message(what + ", whose " + work.files +
                                                  " overlap those of shard " + std::to_string(j) +
                                                  "/" + std::to_string(m) + ",",
                                              *pid, entry.path().string());
            return false;
        }
    }
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
