#include "pipeline/pipeline_config.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <sstream>

#include "engine/core/games.h"
#include "trainer/train_settings.h"

namespace pantheon::pipeline {

namespace {

std::string join(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& s : v) out += (out.empty() ? "" : " ") + s;
    return out;
}

std::string join(const std::vector<double>& v) {
    std::ostringstream out;
    for (size_t i = 0; i < v.size(); ++i) out << (i ? " " : "") << v[i];
    return out.str();
}

}  // namespace

std::map<std::string, std::string> parse_settings(const std::string& text) {
    std::map<std::string, std::string> m;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const size_t eq = line.find(" = ");
        if (eq != std::string::npos) m[line.substr(0, eq)] = line.substr(eq + 3);
    }
    return m;
}

std::string validate(const PipelineConfig& c) {
    if (!is_game(c.variant))
        return "--variant: unknown game '" + c.variant + "' (the games: " + game_names() + ")";
    if (c.setup < -1) return "--setup must be -1 (dealt out by seed) or a start setup";
    if (c.setup >= 0 && (!c.book.empty() || !c.gate_openings.empty()))
        return "--setup excludes --book and --gate-openings";
    if (c.generations < 1) return "--generations must be >= 1";
    if (c.games < 1) return "--games must be >= 1";
    if (c.chunk_games < 1) return "--chunk-games must be >= 1";
    if (c.search.nodes == 0 && c.search.depth == 0)
        return "self-play needs a search limit: --nodes and/or --depth";
    if (c.search.depth < 0 || c.search.hash_mb < 1) return "--depth must be >= 0 and --hash >= 1";
    if (c.gate_nodes < 1) return "--gate-nodes must be >= 1";
    if (std::string why = selfplay::validate(c.playout_cap, c.search); !why.empty()) return why;
    if (c.rescore_nodes < 0) return "--rescore-nodes must be >= 0 (0 = no rescoring)";
    if (c.label_king_danger < 0 || c.label_king_danger > selfplay::MAX_LABEL_PERCENT)
        return "--label-king-danger must be in [0, " + std::to_string(selfplay::MAX_LABEL_PERCENT) +
               "] (percent; 0 = off)";
    if (c.window < 1) return "--window must be >= 1";
    if (c.gate_rounds < 1) return "--gate-rounds must be >= 1";
    if (c.threads < 1 || c.concurrency < 1) return "--threads and --concurrency must be >= 1";
    if (!c.sprt.empty() && c.sprt.size() != 2 && c.sprt.size() != 4)
        return "--sprt takes elo0 elo1 [alpha beta]";
    if (c.shards < 1) return "--shards must be >= 1";
    if (!c.anchor.empty() && c.anchor_rounds < 1) return "--anchor-rounds must be >= 1";
    if (!c.anchor.empty() && (c.anchor_limit.empty() || c.anchor_player_limit.empty()))
        return "--anchor-limit and --anchor-player-limit must name a search limit "
               "(nodes=N, tc=B+I, movetime=MS or depth=D)";
    if (c.outside_rounds < 0) return "--outside-rounds must be >= 0 (0 = none)";
    if (c.outside_rounds > 0 && c.anchor.empty())
        return "--outside-rounds needs an --anchor: the engine those games are played against";
    if (c.outside_rounds > 0 && c.outside_limit.empty())
        return "--outside-limit must name a search limit (nodes=N, tc=B+I, movetime=MS or depth=D)";
    if (c.outside_score_percent < 1 || c.outside_score_percent > selfplay::MAX_JUDGE_SCORE_PERCENT)
        return "--outside-score-percent must be in [1, " +
               std::to_string(selfplay::MAX_JUDGE_SCORE_PERCENT) + "]";
    if (c.step_retries < 0) return "--step-retries must be >= 0";
    if (!(c.retry_pause_seconds >= 0)) return "--retry-pause-seconds must be >= 0";
    return "";
}

std::string settings_text(const PipelineConfig& c) {
    // Only what changes results: not threads, concurrency, cluster, shards or
    // retries.
    std::map<std::string, std::string> m = {
        {"seed", std::to_string(c.seed)},
        {"initial_net", c.initial_net},
        {"games", std::to_string(c.games)},
        {"chunk_games", std::to_string(c.chunk_games)},
        {"nodes", std::to_string(c.search.nodes)},
        {"random_plies_min", std::to_string(c.random_plies_min)},
        {"random_plies_max", std::to_string(c.random_plies_max)},
        {"book", c.book},
        {"window", std::to_string(c.window)},
        {"fine_tune", c.fine_tune ? "true" : "false"},
        {"gate_rounds", std::to_string(c.gate_rounds)},
        {"gate_nodes", std::to_string(c.gate_nodes)},
        {"gate_max_plies", std::to_string(c.gate_max_plies)},
        {"gate_openings", c.gate_openings},
        {"gate_openings_plies", std::to_string(c.gate_openings_plies)},
        {"sprt", join(c.sprt)},
    };
    // Recorded only when not the defaults, so runs recorded before these keys
    // existed keep their settings.
    if (c.variant != VARIANT_NAMES[0]) m["variant"] = c.variant;
    if (c.setup >= 0) m["setup"] = std::to_string(c.setup);
    if (c.rescore_nodes > 0) m["rescore_nodes"] = std::to_string(c.rescore_nodes);
    if (c.label_king_danger > 0) m["label_king_danger"] = std::to_string(c.label_king_danger);
    for (const auto& [key, value] : selfplay::recorded_settings(c.playout_cap)) m[key] = value;
    const selfplay::SearchLimits search_defaults;
    if (c.search.depth != search_defaults.depth) m["depth"] = std::to_string(c.search.depth);
    if (c.search.hash_mb != search_defaults.hash_mb)
        m["hash_mb"] = std::to_string(c.search.hash_mb);
    // Training: its data sets and the settings that are not the trainer's
    // defaults (train_lr, train_max_epochs, ...).
    if (!c.train.data.empty()) m["train_data"] = join(c.train.data);
    for (const auto& [setting, value] : trainer::changed_train_settings(c.train)) {
        if (!setting.changes_results) continue;
        std::string key = "train_" + std::string(setting.name);
        std::replace(key.begin(), key.end(), '-', '_');
        m[key] = value;
    }
    if (!c.anchor.empty()) {
        m["anchor"] = c.anchor;
        m["anchor_limit"] = c.anchor_limit;
        m["anchor_player_limit"] = c.anchor_player_limit;
        m["anchor_rounds"] = std::to_string(c.anchor_rounds);
        m["anchor_openings"] = c.anchor_openings;
    }
    if (c.outside_rounds > 0) {
        m["outside_rounds"] = std::to_string(c.outside_rounds);
        m["outside_limit"] = c.outside_limit;
        // Recorded only where it differs, so that runs recorded before the
        // setting existed continue without a settings change.
        if (c.outside_labels != OutsideLabels::Best)
            m["outside_labels"] = std::string(util::name_of(OUTSIDE_LABELS, c.outside_labels));
        if (anchor_labels(c.outside_labels))
            m["outside_score_percent"] = std::to_string(c.outside_score_percent);
    }
    std::string out;
    for (const auto& [k, v] : m) out += k + " = " + v + "\n";
    return out;
}

std::vector<std::string> settings_differences(const std::string& recorded,
                                              const std::string& current) {
    // A setting recorded empty reads as one not recorded (records made before
    // the training settings were keys hold empty train_args and train_config).
    const auto a = parse_settings(recorded), b = parse_settings(current);
    std::vector<std::string> diffs;
    for (const auto& [k, v] : b) {
        const auto it = a.find(k);
        if (it == a.end()) {
            if (!v.empty()) diffs.push_back(k + ": (not recorded) -> '" + v + "'");
        } else if (it->second != v) {
            diffs.push_back(k + ": '" + it->second + "' -> '" + v + "'");
        }
    }
    for (const auto& [k, v] : a)
        if (!b.count(k) && !v.empty()) diffs.push_back(k + ": '" + v + "' -> (unknown setting)");
    return diffs;
}

}  // namespace pantheon::pipeline
