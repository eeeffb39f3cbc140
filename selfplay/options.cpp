#include "selfplay/options.h"

#include "engine/core/setups.h"
#include "selfplay/manifest.h"
#include "selfplay/worker_search.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

// Bumped whenever the way games are generated changes for the same settings,
// so a run is never resumed across such a change.
constexpr int GENERATOR_VERSION = 1;

}  // namespace

std::string validate(const SelfplayOptions& o) {
    if (o.games == 0) return "--games must be at least 1";
    if (o.out_dir.empty()) return "--out (output directory) is required";
    if (o.threads < 1 || o.threads > 1024) return "--threads must be in [1, 1024]";
    if (std::string why = validate(o.search); !why.empty()) return why;
    if (std::string why = validate(o.playout_cap, o.search); !why.empty()) return why;
    if (o.chunk_games < 1 || o.chunk_games > limits::MAX_CHUNK_GAMES)
        return "--chunk-games must be in [1, " + std::to_string(limits::MAX_CHUNK_GAMES) + "]";
    if (o.random_plies_min < 0 || o.random_plies_max > limits::MAX_RANDOM_PLIES ||
        o.random_plies_min > o.random_plies_max)
        return "need 0 <= --random-plies-min <= --random-plies-max <= " +
               std::to_string(limits::MAX_RANDOM_PLIES);
    if (o.multipv < 1 || o.multipv > limits::MAX_MULTIPV)
        return "--multipv must be in [1, " + std::to_string(limits::MAX_MULTIPV) + "]";
    if (o.multipv_plies < 0) return "--multipv-plies must be >= 0";
    if (o.multipv_margin < 0) return "--multipv-margin must be >= 0";
    if (o.resign_score < 0) return "--resign-score must be >= 0 (0 = off)";
    if (o.resign_plies < 1) return "--resign-plies must be >= 1";
    if (o.max_plies <= o.random_plies_max || o.max_plies > limits::MAX_GAME_PLIES)
        return "--max-plies must exceed --random-plies-max and be at most " +
               std::to_string(limits::MAX_GAME_PLIES);
    if (o.setup < -1 || o.setup >= START_SETUP_NB)
        return "--setup must be -1 (dealt out by seed) or a start setup in [0, " +
               std::to_string(START_SETUP_NB - 1) + "]";
    if (o.setup >= 0 && !o.book.empty()) return "--setup and --book exclude each other";
    if (o.shard_count < 1 || o.shard_index < 0 || o.shard_index >= o.shard_count)
        return "shard must be K/N with 0 <= K < N";
    return {};
}

std::vector<std::pair<std::string, std::string>> game_settings(const SelfplayOptions& o,
                                                               uint64_t book_hash,
                                                               uint64_t engine_fingerprint,
                                                               uint64_t net_hash) {
    std::vector<std::pair<std::string, std::string>> settings = {
        {"generator_version", std::to_string(GENERATOR_VERSION)},
        {"engine_fingerprint", manifest_hex(engine_fingerprint)},
        {"seed", std::to_string(o.seed)},
        {"nodes", std::to_string(o.search.nodes)},
        {"depth", std::to_string(o.search.depth)},
        {"hash_mb", std::to_string(o.search.hash_mb)},
        {"chunk_games", std::to_string(o.chunk_games)},
        {"random_plies_min", std::to_string(o.random_plies_min)},
        {"random_plies_max", std::to_string(o.random_plies_max)},
        {"book", o.book.empty() ? "none" : manifest_hex(book_hash)},
        {"unique_openings", o.unique_openings ? "true" : "false"},
        {"multipv", std::to_string(o.multipv)},
        {"multipv_plies", std::to_string(o.multipv_plies)},
        {"multipv_margin", std::to_string(o.multipv_margin)},
        {"resign_score", std::to_string(o.resign_score)},
        {"resign_plies", std::to_string(o.resign_plies)},
        {"max_plies", std::to_string(o.max_plies)},
    };
    // Only runs with a net name one, so manifests of earlier runs stay valid.
    if (!o.net.empty()) settings.emplace_back("net", manifest_hex(net_hash));
    // Likewise only runs with a playout cap.
    for (auto& setting : recorded_settings(o.playout_cap)) settings.push_back(std::move(setting));
    // Likewise only games other than Mansindam name theirs.
    if (Variant::name != VARIANT_NAMES[0]) {
        settings.emplace_back("variant", std::string(Variant::name));
        settings.emplace_back("setup", o.setup < 0 ? "by-seed" : std::to_string(o.setup));
    }
    return settings;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
