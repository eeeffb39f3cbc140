#include "selfplay/rescore_options.h"

#include "selfplay/option_defaults.h"
#include "selfplay/uci_judge.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

// Bumped whenever the way positions are rescored changes for the same
// settings, so an output directory is never completed across such a change.
constexpr int RESCORER_VERSION = 1;
constexpr int MAX_THREADS = 1024;

// The outside judge's settings; empty when there is none.
std::string validate_engine(const RescoreOptions& o) {
    if (o.engine.empty()) {
        if (o.engine_score_percent != 100) return "--engine-score-percent needs --engine";
        return "";
    }
    if (!o.labels.search) return "--keep-verdicts asks no judge: drop --engine";
    if (!o.net.empty()) return "--net is our search's evaluation: drop it with --engine";
    if (o.engine_score_percent < 1 || o.engine_score_percent > MAX_JUDGE_SCORE_PERCENT)
        return "--engine-score-percent must be in [1, " + std::to_string(MAX_JUDGE_SCORE_PERCENT) +
               "]";
    match::PlayerConfig player;
    std::string error;
    if (!parse_judge_engine(o.engine, player, &error)) return "--engine: " + error;
    return "";
}

// The labels' settings, and the search they ask for (if any).
std::string validate_labels(const RescoreOptions& o) {
    const RescoreLabels& l = o.labels;
    if (l.king_danger_percent < 0 || l.king_danger_percent > MAX_LABEL_PERCENT)
        return "--king-danger must be in [0, " + std::to_string(MAX_LABEL_PERCENT) + "]";
    if (l.keep_mates && !l.search)
        return "--keep-mates keeps some verdicts and judges the rest: drop --keep-verdicts";
    if (l.search) return validate(o.search);
    if (l.king_danger_percent == 0)
        return "--keep-verdicts without a label term (--king-danger) would copy the inputs";
    if (o.search.nodes || o.search.depth || !o.net.empty())
        return "--keep-verdicts searches nothing: drop --nodes, --depth and --net";
    return "";
}

// The evaluation our search judges with; none when an outside engine judges.
std::string net_setting(const RescoreOptions& o, uint64_t net_hash) {
    if (!o.engine.empty()) return "none (outside judge)";
    return o.net.empty() ? "hand-crafted" : manifest_hex(net_hash);
}

}  // namespace

std::string validate(const RescoreOptions& o) {
    if (o.inputs.empty()) return "--data (input files or directories) is required";
    if (o.out_dir.empty()) return "--out (output directory) is required";
    if (o.threads < 1 || o.threads > MAX_THREADS)
        return "--threads must be in [1, " + std::to_string(MAX_THREADS) + "]";
    if (o.shard_count < 1 || o.shard_index < 0 || o.shard_index >= o.shard_count)
        return "--shard must be K/N with 0 <= K < N";
    if (const std::string why = validate_engine(o); !why.empty()) return why;
    return validate_labels(o);
}

Settings rescore_settings(const RescoreOptions& o, uint64_t engine_fingerprint, uint64_t net_hash) {
    Settings settings = {
        {"rescorer_version", std::to_string(RESCORER_VERSION)},
        {"variant", std::string(Variant::name)},
        {"engine_fingerprint", manifest_hex(engine_fingerprint)},
        {"net", net_setting(o, net_hash)},
        {"nodes", std::to_string(o.search.nodes)},
        {"depth", std::to_string(o.search.depth)},
        {"hash_mb", std::to_string(o.search.hash_mb)},
    };
    // Named only when asked for, so directories made before they existed
    // still resume.
    if (!o.labels.search) settings.push_back({"search", "none (recorded verdicts kept)"});
    if (!o.engine.empty()) {
        settings.push_back({"judge_engine", o.engine});
        settings.push_back({"judge_score_percent", std::to_string(o.engine_score_percent)});
    }
    if (o.labels.keep_mates) settings.push_back({"keep_mates", "yes"});
    if (o.labels.king_danger_percent)
        settings.push_back({"king_danger_percent", std::to_string(o.labels.king_danger_percent)});
    return settings;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
