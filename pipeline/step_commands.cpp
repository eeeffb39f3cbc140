#include "pipeline/step_commands.h"

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "engine/core/games.h"
#include "engine/core/random.h"
#include "match/player.h"
#include "trainer/train_settings.h"

namespace pantheon::pipeline {

namespace {

std::string number(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

// A player without a net plays the hand-crafted evaluation, said explicitly:
// our engine's own default is its built-in net. `limit`: "nodes=N", "tc=...".
std::string engine_spec(const std::string& name, const std::string& net, const std::string& limit) {
    std::string spec = "name=" + name + " " + limit;
    spec +=
        net.empty() ? " eval=" + std::string(match::EVAL_HAND_CRAFTED) : " eval=\"" + net + "\"";
    return spec;
}
std::string engine_spec(const std::string& name, const std::string& net, int64_t nodes) {
    return engine_spec(name, net, "nodes=" + std::to_string(nodes));
}

// The game and start setup, for the steps that play (self-play and matches);
// nothing for the defaults, so Mansindam's commands read as before.
void add_game(const PipelineConfig& c, Args& a) {
    if (c.variant != VARIANT_NAMES[0]) a.insert(a.end(), {"--variant", c.variant});
    if (c.setup >= 0) a.insert(a.end(), {"--setup", std::to_string(c.setup)});
}

}  // namespace

uint64_t selfplay_seed(const PipelineConfig& c, int gen) {
    return derive_seed(c.seed, {0x53454C46ull, uint64_t(gen)}) >> 1;  // positive for CLI parsing
}

namespace {

// "@SHARD@/N": the array task's shard, given explicitly so that a retry
// submitting only some shards runs the same shards (not the environment's
// task-id-minus-first-id numbering).
std::string shard_of(const PipelineConfig& c) {
    return std::string(SHARD_PLACEHOLDER) + "/" + std::to_string(c.shards);
}

}  // namespace

Args selfplay_args(const PipelineConfig& c, const RunDir& run, int gen, const Player& best,
                   bool sharded) {
    Args a = {"selfplay",
              "--games",
              std::to_string(c.games),
              "--chunk-games",
              std::to_string(c.chunk_games),
              "--nodes",
              std::to_string(c.search.nodes),
              "--depth",
              std::to_string(c.search.depth),
              "--hash",
              std::to_string(c.search.hash_mb),
              "--seed",
              std::to_string(selfplay_seed(c, gen)),
              "--random-plies-min",
              std::to_string(c.random_plies_min),
              "--random-plies-max",
              std::to_string(c.random_plies_max),
              "--threads",
              std::to_string(c.threads),
              "--out",
              run.data_dir(gen).string(),
              "--result",
              run.result_path(gen, Step::SelfPlay, sharded ? SHARD_PLACEHOLDER : "")};
    if (!c.book.empty()) a.insert(a.end(), {"--book", c.book});
    if (!best.net.empty()) a.insert(a.end(), {"--net", best.net});
    for (auto [key, value] : selfplay::recorded_settings(c.playout_cap)) {
        std::replace(key.begin(), key.end(), '_', '-');
        a.insert(a.end(), {"--" + key, value});
    }
    if (sharded) a.insert(a.end(), {"--shard", shard_of(c)});
    add_game(c, a);
    return a;
}

namespace {

// `data rescore` of `data` into `out` by the best player at `nodes`, or,
// with `nodes` 0, the recorded verdicts kept; either way with the run's
// label terms.
Args rescore_core_args(const PipelineConfig& c, const std::string& data, const std::string& out,
                       int64_t nodes, const std::string& result, const Player& best) {
    // The game comes from the data's headers, as for every data tool.
    Args a = {"data", "rescore", "--data", data, "--out", out};
    if (nodes > 0)
        a.insert(a.end(), {"--nodes", std::to_string(nodes)});
    else
        a.push_back("--keep-verdicts");
    a.insert(a.end(), {"--threads", std::to_string(c.threads), "--result", result});
    if (nodes > 0 && !best.net.empty()) a.insert(a.end(), {"--net", best.net});
    if (c.label_king_danger > 0)
        a.insert(a.end(), {"--king-danger", std::to_string(c.label_king_danger)});
    return a;
}

}  // namespace

Args rescore_args(const PipelineConfig& c, const RunDir& run, int gen, const Player& best,
                  bool sharded) {
    Args a = rescore_core_args(
        c, run.data_dir(gen).string(), run.rescored_dir(gen).string(), c.rescore_nodes,
        run.result_path(gen, Step::Rescore, sharded ? SHARD_PLACEHOLDER : ""), best);
    if (sharded) a.insert(a.end(), {"--shard", shard_of(c)});
    return a;
}

int64_t label_nodes(const PipelineConfig& c) {
    return c.rescore_nodes > 0 ? c.rescore_nodes : c.search.nodes;
}

Args outside_import_args(const PipelineConfig& c, const RunDir& run, int gen) {
    // --force: an import cut short is written again whole.
    Args a = {"data",
              "import-pgn",
              run.outside_pgn_path(gen).string(),
              "--out",
              run.outside_games_file(gen).string(),
              "--force"};
    if (c.variant != VARIANT_NAMES[0]) a.insert(a.end(), {"--variant", c.variant});
    return a;
}

namespace {

// The anchor engine as the judge through UCI (it takes no net), its
// centipawns scaled into ours.
void add_anchor_judge(const PipelineConfig& c, Args& a) {
    a.insert(a.end(), {"--engine", c.anchor, "--engine-score-percent",
                       std::to_string(c.outside_score_percent)});
}

}  // namespace

std::optional<Args> outside_anchor_label_args(const PipelineConfig& c, const RunDir& run, int gen) {
    if (c.outside_labels != OutsideLabels::AnchorMates) return std::nullopt;
    Args a = rescore_core_args(c, run.outside_games_file(gen).string(),
                               run.outside_anchor_dir(gen).string(), label_nodes(c),
                               run.outside_anchor_result_path(gen), {});
    add_anchor_judge(c, a);
    return a;
}

Args outside_label_args(const PipelineConfig& c, const RunDir& run, int gen, const Player& best) {
    // A player without a net searches with the hand-crafted evaluation; the
    // anchor is asked through UCI and takes no net either.
    const bool by_best =
        c.outside_labels == OutsideLabels::Best || c.outside_labels == OutsideLabels::AnchorMates;
    const Player labeller = by_best ? best : Player{best.name, ""};
    // With the anchor's mates, the anchor's labels are labelled again.
    const std::string input = c.outside_labels == OutsideLabels::AnchorMates
                                  ? run.outside_anchor_dir(gen).string()
                                  : run.outside_games_file(gen).string();
    Args a = rescore_core_args(c, input, run.outside_dir(gen).string(), label_nodes(c),
                               run.result_path(gen, Step::Outside), labeller);
    if (c.outside_labels == OutsideLabels::Anchor) add_anchor_judge(c, a);
    if (c.outside_labels == OutsideLabels::AnchorMates) a.push_back("--keep-mates");
    return a;
}

TrainingWindow training_window(const PipelineConfig& c, const RunDir& run, int gen) {
    TrainingWindow w;
    for (int g = std::max(0, gen - c.window + 1); g <= gen; ++g)
        (run.has_data(g) ? w.with_data : w.without_data).push_back(g);
    return w;
}

Args train_args(const PipelineConfig& c, const RunDir& run, int gen, const Player& best,
                const std::optional<std::string>& resume_checkpoint) {
    Args a = {"train", "--data"};
    for (int g : training_window(c, run, gen).with_data) {
        a.push_back(run.training_data_dir(g).string());
        // A generation recorded before the run played the anchor has none.
        if (std::filesystem::exists(run.record_path(g, Step::Outside)))
            a.push_back(run.outside_dir(g).string());
    }
    a.insert(a.end(), c.train.data.begin(), c.train.data.end());
    a.insert(a.end(), {"--out", run.net_path(gen).string()});
    // The net's lineage names the generation and the player it was to beat
    // (its parent, with fine-tuning, is the --init net).
    a.insert(a.end(), {"--note", "pipeline generation " + std::to_string(gen) + ", best player " +
                                     best.name});
    if (c.fine_tune && !best.net.empty()) a.insert(a.end(), {"--init", best.net});
    if (resume_checkpoint) a.insert(a.end(), {"--resume", *resume_checkpoint});
    // The trainer starts from its defaults: the others are given.
    for (const auto& [setting, value] : trainer::changed_train_settings(c.train))
        a.insert(a.end(), {"--" + std::string(setting.name), value});
    return a;
}

std::optional<std::string> train_checkpoint(const RunDir& run, int gen) {
    // `pantheon train` keeps its checkpoint beside the net: NET with .ckpt.
    const auto ckpt = std::filesystem::path(run.net_path(gen)).replace_extension(".ckpt");
    if (std::filesystem::exists(ckpt)) return ckpt.string();
    return std::nullopt;
}

std::string train_log_csv(const RunDir& run, int gen) {
    return std::filesystem::path(run.net_path(gen)).replace_extension(".train.csv").string();
}

std::string gate_shard_pgn(const RunDir& run, int gen, std::optional<int> shard_k) {
    return run.pgn_path(gen).string() + ".shard-" +
           (shard_k ? std::to_string(*shard_k) : std::string(SHARD_PLACEHOLDER));
}

namespace {

// What a match of two players (specs) in the pipeline is given: its games,
// limits, openings (from `openings_file`, else random plies) and event;
// --resume and --force so that a step run again continues its own match.
Args match_core_args(const PipelineConfig& c, const std::string& first, const std::string& second,
                     int rounds, uint64_t openings_seed, const std::string& event,
                     const std::string& openings_file) {
    Args a = {"match",
              "--engine",
              first,
              "--engine",
              second,
              "--rounds",
              std::to_string(rounds),
              "--concurrency",
              std::to_string(c.concurrency),
              "--max-plies",
              std::to_string(c.gate_max_plies),
              "--openings-seed",
              std::to_string(openings_seed),
              "--event",
              event,
              "--resume",
              "--force"};
    if (!openings_file.empty())
        a.insert(a.end(), {"--openings", openings_file, "--openings-order", "random"});
    else
        a.insert(a.end(), {"--openings-plies", std::to_string(c.gate_openings_plies)});
    return a;
}

// The anchor's own spec, named "anchor" unless it names itself, with
// `limit` after it (a later key wins).
std::string anchor_spec(const PipelineConfig& c, const std::string& limit) {
    const bool named =
        c.anchor.rfind("name=", 0) == 0 || c.anchor.find(" name=") != std::string::npos;
    return (named ? "" : "name=anchor ") + c.anchor + " " + limit;
}

}  // namespace

Args gate_args(const PipelineConfig& c, const RunDir& run, int gen, const Player& best,
               bool sharded) {
    const std::string candidate = "gen-" + std::to_string(gen);
    Args a = match_core_args(c, engine_spec(candidate, run.net_path(gen).string(), c.gate_nodes),
                             engine_spec(best.name, best.net, c.gate_nodes), c.gate_rounds,
                             selfplay_seed(c, gen) ^ 0x6A7E, "gate " + candidate, c.gate_openings);
    if (!c.sprt.empty()) {
        a.push_back("--sprt");
        for (double v : c.sprt) a.push_back(number(v));
    }
    add_game(c, a);
    if (sharded) {
        a.insert(a.end(), {"--shard", shard_of(c), "--pgn", gate_shard_pgn(run, gen, std::nullopt),
                           "--summary", gate_shard_pgn(run, gen, std::nullopt) + ".json"});
    } else {
        a.insert(a.end(), {"--pgn", run.pgn_path(gen).string(), "--summary",
                           run.summary_path(gen).string()});
    }
    return a;
}

Args anchor_args(const PipelineConfig& c, const RunDir& run, const std::string& label,
                 const Player& player) {
    // The openings depend on the run's seed only: every measurement of a run
    // plays the same ones.
    const uint64_t openings_seed = derive_seed(c.seed, {0x414E4348ull}) >> 1;
    Args a = match_core_args(c, engine_spec(label, player.net, c.anchor_player_limit),
                             anchor_spec(c, c.anchor_limit), c.anchor_rounds, openings_seed,
                             "anchor " + label, c.anchor_openings);
    add_game(c, a);
    a.insert(a.end(), {"--pgn", run.anchor_pgn_path(label).string(), "--summary",
                       run.anchor_summary_path(label).string()});
    return a;
}

Args outside_games_args(const PipelineConfig& c, const RunDir& run, int gen, const Player& best) {
    // Openings of the generation's own (not the anchor measurements'), as
    // its self-play has.
    const uint64_t openings_seed = derive_seed(c.seed, {0x4F555453ull, uint64_t(gen)}) >> 1;
    Args a = match_core_args(c, engine_spec(best.name, best.net, c.outside_limit),
                             anchor_spec(c, c.outside_limit), c.outside_rounds, openings_seed,
                             "outside gen-" + std::to_string(gen), c.book);
    add_game(c, a);
    a.insert(a.end(), {"--pgn", run.outside_pgn_path(gen).string(), "--summary",
                       run.outside_summary_path(gen).string()});
    return a;
}

Args gate_merge_args(const PipelineConfig& c, const RunDir& run, int gen) {
    Args a = {"match", "merge"};
    for (int k = 0; k < c.shards; ++k) a.push_back(gate_shard_pgn(run, gen, k) + ".state.json");
    a.insert(a.end(), {"--summary", run.summary_path(gen).string()});
    if (!c.sprt.empty()) {
        a.push_back("--sprt");
        for (double v : c.sprt) a.push_back(number(v));
    }
    return a;
}

Args gate_games_page_args(const PipelineConfig& c, const RunDir& run, int gen, bool sharded) {
    Args a = {"view"};
    if (sharded)
        for (int k = 0; k < c.shards; ++k) a.push_back(gate_shard_pgn(run, gen, k));
    else
        a.push_back(run.pgn_path(gen).string());
    a.insert(a.end(), {"--out", run.games_page_path(gen).string()});
    return a;
}

}  // namespace pantheon::pipeline
