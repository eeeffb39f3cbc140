#include "selfplay/shard_lock.h"

#include <cstdio>
#include <filesystem>
#include <numeric>

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace fs = std::filesystem;

std::string shard_lock_name(int shard_index, int shard_count) {
    return ".selfplay-shard-" + std::to_string(shard_index) + "-of-" + std::to_string(shard_count) +
           ".lock";
}

namespace {

// Shards K/N and J/M share chunk c iff c = K mod N and c = J mod M, which
// some c satisfies iff K = J mod gcd(N, M).
bool shards_overlap(int k, int n, int j, int m) {
    const int g = std::gcd(n, m);
    return k % g == j % g;
}

}  // namespace

bool lock_shard(const std::string& dir, int shard_index, int shard_count, util::RunLock& lock,
                std::string* error) {
    const std::string what = "self-play directory '" + dir + "' (shard " +
                             std::to_string(shard_index) + "/" + std::to_string(shard_count) + ")";
    if (!lock.acquire((fs::path(dir) / shard_lock_name(shard_index, shard_count)).string(), what,
                      error))
        return false;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        int j = 0, m = 0;
        const std::string name = entry.path().filename().string();
        if (std::sscanf(name.c_str(), ".selfplay-shard-%d-of-%d.lock", &j, &m) != 2 || m < 1 ||
            name != shard_lock_name(j, m) || (j == shard_index && m == shard_count) ||
            !shards_overlap(shard_index, shard_count, j, m))
            continue;
        if (const auto pid = util::lock_holder(entry.path().string())) {
            lock.release();
            if (error)
                *error = util::in_use_message(what + ", whose chunks overlap those of shard " +
                                                  std::to_string(j) + "/" + std::to_string(m) + ",",
                                              *pid, entry.path().string());
            return false;
        }
    }
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
