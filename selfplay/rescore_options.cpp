#include "selfplay/rescore_options.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

// Bumped whenever the way positions are rescored changes for the same
// settings, so an output directory is never completed across such a change.
constexpr int RESCORER_VERSION = 1;
constexpr int MAX_THREADS = 1024;

}  // namespace

std::string validate(const RescoreOptions& o) {
    if (o.inputs.empty()) return "--data (input files or directories) is required";
    if (o.out_dir.empty()) return "--out (output directory) is required";
    if (o.threads < 1 || o.threads > MAX_THREADS)
        return "--threads must be in [1, " + std::to_string(MAX_THREADS) + "]";
    if (o.shard_count < 1 || o.shard_index < 0 || o.shard_index >= o.shard_count)
        return "--shard must be K/N with 0 <= K < N";
    return validate(o.search);
}

Settings rescore_settings(const RescoreOptions& o, uint64_t engine_fingerprint, uint64_t net_hash) {
    return {
        {"rescorer_version", std::to_string(RESCORER_VERSION)},
        {"variant", std::string(Variant::name)},
        {"engine_fingerprint", manifest_hex(engine_fingerprint)},
        {"net", o.net.empty() ? "hand-crafted" : manifest_hex(net_hash)},
        {"nodes", std::to_string(o.search.nodes)},
        {"depth", std::to_string(o.search.depth)},
        {"hash_mb", std::to_string(o.search.hash_mb)},
    };
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
