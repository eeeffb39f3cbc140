// The command lines of the pipeline's steps, built in one place. Each is a
// `pantheon` subcommand (run as a subprocess of the running binary, or inside
// a Slurm job); arguments exclude the program name.
//
// The train step's contract: `pantheon train --data PATH... --out NET
// [--init NET] [--resume CKPT]`, then the configured training settings that
// are not the trainer's defaults (`--max-epochs 4 --lr 0.002`, docs/TRAINING.md);
// it leaves NET, its checkpoint NET.ckpt and its log NET.train.csv. Self-play and rescoring
// leave a result file (`--result FILE`, util/step_result.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "pipeline/pipeline_config.h"
#include "pipeline/run_dir.h"

namespace pantheon::pipeline {

using Args = std::vector<std::string>;

// The best player at some point: a net file, or the hand-crafted eval.
struct Player {
    std::string name;  // "hce", "initial" or "gen-N"
    std::string net;   // "" = hand-crafted eval
};

// Self-play seed of generation `gen` (distinct per generation).
uint64_t selfplay_seed(const PipelineConfig& c, int gen);

// Self-play of generation `gen` with the best player (all shards; a Slurm
// array task picks its shard from the environment). It leaves its result
// file at RunDir::result_path; `sharded`: one per shard, the path holding
// SHARD_PLACEHOLDER.
Args selfplay_args(const PipelineConfig& c, const RunDir& run, int gen, const Player& best,
                   bool sharded = false);

// Rescoring of generation `gen`'s self-play data by the best player at
// rescore_nodes nodes, into its rescored directory, with its result file;
// `sharded`: one array task's files, as selfplay_args.
Args rescore_args(const PipelineConfig& c, const RunDir& run, int gen, const Player& best,
                  bool sharded = false);

// Generation `gen`'s games of the best player against the anchor for
// training (outside_rounds pairs, both sides at outside_limit, openings of
// the generation's own: the self-play book where the run has one).
Args outside_games_args(const PipelineConfig& c, const RunDir& run, int gen, const Player& best);
// Those games imported into one data file (their scores 0) ...
Args outside_import_args(const PipelineConfig& c, const RunDir& run, int gen);
// ... labelled first by the anchor engine where only its mates are kept
// (outside-labels = "anchor-mates"), into RunDir::outside_anchor_dir; none
// otherwise ...
std::optional<Args> outside_anchor_label_args(const PipelineConfig& c, const RunDir& run, int gen);
// ... and labelled by the best player's search at the nodes that label the
// self-play (label_nodes), into RunDir::outside_dir, with its result file
// (by the labeller outside-labels names; with "anchor-mates", the anchor's
// labels again, their mates kept).
Args outside_label_args(const PipelineConfig& c, const RunDir& run, int gen, const Player& best);
// The nodes whose search labels the data training reads: rescore_nodes where
// the run rescores, else the self-play nodes.
int64_t label_nodes(const PipelineConfig& c);

// The generations of generation `gen`'s training window, oldest first: those
// whose data is in the run directory, and those of an imported run whose
// data stayed behind (RunDir::has_data), which training leaves out.
struct TrainingWindow {
    std::vector<int> with_data, without_data;
};
TrainingWindow training_window(const PipelineConfig& c, const RunDir& run, int gen);

// Training of generation `gen`'s candidate on the window of recent data (each
// generation's rescored data where it was rescored, RunDir::training_data_dir,
// and its labelled games against the anchor where it played them), then the
// configured data sets (train.data).
Args train_args(const PipelineConfig& c, const RunDir& run, int gen, const Player& best,
                const std::optional<std::string>& resume_checkpoint);
// The checkpoint the trainer leaves in its working directory, if any.
std::optional<std::string> train_checkpoint(const RunDir& run, int gen);
// The log the trainer writes beside the net (NET with .train.csv: one row
// per logged step, trainer/train_log.h).
std::string train_log_csv(const RunDir& run, int gen);

// The gating match: the candidate of `gen` against the best player.
// `sharded`: one Slurm array task's share (`pantheon match` takes its shard
// from the environment); its PGN, state and summary paths hold
// SHARD_PLACEHOLDER, which the job script replaces by the shard K (0-based,
// as `--shard K/N`).
Args gate_args(const PipelineConfig& c, const RunDir& run, int gen, const Player& best,
               bool sharded = false);
inline constexpr const char* SHARD_PLACEHOLDER = "@SHARD@";
// Shard K's PGN (0 <= K < shards), or the placeholder form without K.
std::string gate_shard_pgn(const RunDir& run, int gen, std::optional<int> shard_k);
// A match of `player` (labelled "start" or "gen-N") against the outside
// anchor, under the run's anchor settings: the same openings (fixed by the
// run's seed), limits and games for every measurement of a run.
Args anchor_args(const PipelineConfig& c, const RunDir& run, const std::string& label,
                 const Player& player);
// `pantheon match merge` of the shards' states into the generation's summary.
Args gate_merge_args(const PipelineConfig& c, const RunDir& run, int gen);
// `pantheon view` of the gating games (every shard's PGN when sharded) into
// the generation's games page.
Args gate_games_page_args(const PipelineConfig& c, const RunDir& run, int gen, bool sharded);

}  // namespace pantheon::pipeline
