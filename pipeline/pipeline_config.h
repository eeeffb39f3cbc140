// The settings of a pipeline run (configs/pipeline.toml, section [pipeline];
// every key is also a command-line option of `pantheon pipeline`). The
// settings that determine the run's results are recorded in the run
// directory; a later start with different ones is refused unless allowed.
// The steps' settings are the steps' own structs, with their defaults: the
// self-play search (selfplay/search_limits.h) and the training
// (trainer/train_config.h, the train-* keys).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/core/games.h"
#include "selfplay/option_defaults.h"
#include "selfplay/search_limits.h"
#include "trainer/train_config.h"
#include "util/named_values.h"

namespace pantheon::pipeline {

// Where steps run: subprocesses of this process, or Slurm job arrays.
enum class Cluster { Local, Slurm };
inline constexpr std::array<util::NamedValue<Cluster>, 2> CLUSTERS = {{
    {"local", Cluster::Local},
    {"slurm", Cluster::Slurm},
}};
constexpr const auto& named_values(Cluster) {
    return CLUSTERS;
}

// Who labels the games against the anchor: the best player's search, the
// search with the hand-crafted evaluation, which sees the king danger that
// the nets miss in such games (docs/LOOP.md, "It is the net, not the search"),
// the anchor engine itself, a teacher from outside the lineage that sees
// the mating attacks (`data rescore --engine`), or the anchor's mates kept
// and the best player's search everywhere else (`--keep-mates`): its mates
// are what our verdicts lack, its centipawns worse labels than ours
// (docs/LOOP.md, "Labels from an outside teacher").
enum class OutsideLabels { Best, HandCrafted, Anchor, AnchorMates };
inline constexpr std::array<util::NamedValue<OutsideLabels>, 4> OUTSIDE_LABELS = {{
    {"best", OutsideLabels::Best},
    {"hand-crafted", OutsideLabels::HandCrafted},
    {"anchor", OutsideLabels::Anchor},
    {"anchor-mates", OutsideLabels::AnchorMates},
}};
// Whether the anchor engine labels (all or some of) the games against it.
constexpr bool anchor_labels(OutsideLabels l) {
    return l == OutsideLabels::Anchor || l == OutsideLabels::AnchorMates;
}
constexpr const auto& named_values(OutsideLabels) {
    return OUTSIDE_LABELS;
}

struct PipelineConfig {
    std::string variant = std::string(VARIANT_NAMES[0]);  // the game (engine/core/games.h)
    int setup = -1;  // without a book: this start setup for every game; -1 = dealt out by seed
    int generations = 3;
    uint64_t seed = 1;
    std::string initial_net;  // the first best player's net; "" = hand-crafted eval

    // Self-play of each generation (with the current best player).
    int64_t games = 2000;
    int chunk_games = selfplay::defaults::CHUNK_GAMES;
    selfplay::SearchLimits search;     // of every move ...
    selfplay::PlayoutCap playout_cap;  // ... but the cheap ones (off by default)
    int random_plies_min = selfplay::defaults::RANDOM_PLIES_MIN;
    int random_plies_max = selfplay::defaults::RANDOM_PLIES_MAX;
    std::string book;
    int threads = 2;  // no effect on results (self-play and rescoring)

    // Rescoring of each generation's self-play data by the same best player
    // at more nodes (`pantheon data rescore`); training then uses the
    // rescored data. 0 = off.
    int64_t rescore_nodes = 0;
    // Every training label (self-play's, rescored or not, and the anchor
    // games') plus this percentage of the hand-crafted king-danger balance
    // (`data rescore --king-danger`; docs/LOOP.md, "King danger in the
    // labels"). Without rescore_nodes the self-play verdicts are kept and
    // only the term is added. 0 = off.
    int label_king_danger = 0;

    // Training of each generation's candidate.
    int window = 2;         // generations of data, the newest last
    bool fine_tune = true;  // start from the best net (when there is one)
    // `pantheon train`'s settings (trainer/train_settings.h); train.data:
    // data sets trained on after the window's. The pipeline names the net,
    // its parent, checkpoint and note.
    trainer::TrainConfig train;

    // Gating: the candidate against the best player.
    int gate_rounds = 100;  // game pairs (the maximum with an SPRT)
    int64_t gate_nodes = 2000;
    int gate_max_plies = 400;
    std::string gate_openings;  // EPD/FEN file; "" = random plies from the start
    int gate_openings_plies = 8;
    std::vector<double> sprt;  // elo0 elo1 [alpha beta]; empty = fixed games
    int concurrency = 2;       // no effect on results

    // The outside anchor: the first player and every newly promoted best
    // player play this engine, always under the same conditions within a run
    // (the same openings, limits and games), so the run's gain is measured
    // against an engine it never trained against, not only against its own
    // lineage (docs/LOOP.md, "Against an outside anchor").
    std::string anchor;  // its player spec (`match --engine` syntax); "" = no anchor
    std::string anchor_limit = "nodes=20000";        // the anchor's search limit
    std::string anchor_player_limit = "nodes=5000";  // our players' search limit
    int anchor_rounds = 50;                          // game pairs per measurement
    std::string anchor_openings;  // EPD/FEN file; "" = generated, the same every time

    // Data from outside the lineage (docs/LOOP.md, "Out-of-lineage data"):
    // each generation the best player also plays the anchor engine, both at
    // outside_limit (cheap, so many games), from openings of the generation's
    // own; the games are imported and labelled by the best player's search
    // (or the hand-crafted one: outside_labels) at the nodes that label the
    // self-play (rescore_nodes, else nodes), and
    // training reads them beside the generation's self-play. 0 = off.
    int outside_rounds = 0;                              // game pairs per generation
    std::string outside_limit = "nodes=1000";            // both sides' search limit
    OutsideLabels outside_labels = OutsideLabels::Best;  // whose search labels them
    // With the anchor's labels: the percentage of its centipawns a label
    // takes (its scale into ours; `data rescore --engine-score-percent`).
    int outside_score_percent = 100;

    // Where steps run: here (subprocesses) or as Slurm job arrays.
    Cluster cluster = Cluster::Local;
    int shards = 2;                        // Slurm array tasks per self-play / gate step
    std::vector<std::string> sbatch_args;  // extra sbatch arguments (partition, time, ...)
    bool train_as_job = false;             // Slurm: train as a job instead of locally

    // Faults (no effect on results): a failed step, or a failed, killed or
    // timed-out shard, is tried again this many times (only the shards that
    // left no result), after this pause, before the run stops.
    int step_retries = 2;
    double retry_pause_seconds = 30;
};

// Empty when valid, else what is wrong.
std::string validate(const PipelineConfig& c);

// "key = value" lines of the settings that determine the results, sorted.
std::string settings_text(const PipelineConfig& c);
// The "key = value" lines of a settings text (other lines are skipped).
std::map<std::string, std::string> parse_settings(const std::string& text);

// Lines of `recorded` and `current` settings texts that differ ("key: a -> b").
std::vector<std::string> settings_differences(const std::string& recorded,
                                              const std::string& current);

}  // namespace pantheon::pipeline
