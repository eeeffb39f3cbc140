// The layout of a pipeline run directory and its step records. A finished
// step leaves a record (steps/gen-NNNN.<step>.done, "key = value" lines
// ending with "complete = yes") published atomically (util/atomic_file.h), so a kill at any point
// leaves either no record (the step is run again, resuming its own partial work) or a whole one
// (the step is done).
//
//   RUN/.lock                   held by the running pipeline (util/run_lock.h)
//   RUN/pipeline-settings.txt   settings that determine the results
//   RUN/data/gen-N/             self-play chunks of generation N
//   RUN/data/gen-N-rescored/    the same games rescored (with rescore-nodes)
//   RUN/data/gen-N-outside.pgd  generation N's games against the anchor, imported
//   RUN/data/gen-N-outside/     the same, labelled by the best player's search
//   RUN/nets/initial.nnue       the run's copy of its initial net (pipeline/initial_net.h)
//   RUN/nets/gen-N.nnue         generation N's candidate net
//   RUN/train/gen-N/            the trainer's working files (checkpoints)
//   RUN/matches/gen-N.pgn/.json gating games and summary
//   RUN/matches/gen-N.html      the gating games' page (`pantheon view`)
//   RUN/matches/anchor-P.pgn/.json  player P ("start", "gen-N") against the anchor
//   RUN/matches/outside-gen-N.pgn/.json  generation N's games against the anchor, as data
//   RUN/logs/gen-N.<step>.log   each step's output
//   RUN/results/gen-N.<step>.json  a data step's result file (util/step_result.h),
//                               one per shard of a sharded self-play (.shard-K.json)
//   RUN/cpu.tsv                 CPU seconds of every step attempt
//   RUN/data-not-carried.txt    a run imported from a state (pipeline/run_state.h): the
//                               generations whose data stayed behind
//   RUN/elo.tsv, RUN/report.html
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace pantheon::pipeline {

// A generation's steps in order; Outside, Rescore and Anchor only where the
// settings ask for them.
enum class Step { SelfPlay, Outside, Rescore, Train, Gate, Promote, Anchor };
inline constexpr Step ALL_STEPS[] = {Step::SelfPlay, Step::Outside, Step::Rescore, Step::Train,
                                     Step::Gate,     Step::Promote, Step::Anchor};
// A step's place in ALL_STEPS (per-step arrays, as the CPU ledger's, are
// indexed by it).
constexpr std::size_t step_index(Step s) {
    std::size_t i = 0;
    while (ALL_STEPS[i] != s) ++i;
    return i;
}
const char* step_name(Step s);

// A finished step's results ("key = value"; values without newlines).
using StepRecord = std::map<std::string, std::string>;

class RunDir {
  public:
    explicit RunDir(std::filesystem::path root) : root_(std::move(root)) {}

    const std::filesystem::path& root() const { return root_; }
    std::filesystem::path settings_file() const { return root_ / "pipeline-settings.txt"; }
    std::filesystem::path history_file() const { return root_ / "settings-history.txt"; }
    std::filesystem::path data_dir(int gen) const;
    std::filesystem::path rescored_dir(int gen) const;
    // What training reads of generation `gen`: its rescored data if its
    // rescore step finished, else its self-play data.
    std::filesystem::path training_data_dir(int gen) const;
    std::filesystem::path net_path(int gen) const;
    // An imported run's note of the generations without data ("generations = N":
    // the first N); absent in a run that made all its data here.
    std::filesystem::path data_not_carried_file() const { return root_ / "data-not-carried.txt"; }
    // Whether generation `gen`'s data is in this run directory (or still to
    // be made): false for a generation finished before an import.
    bool has_data(int gen) const;
    std::filesystem::path initial_net_copy() const;
    std::filesystem::path pgn_path(int gen) const;
    std::filesystem::path summary_path(int gen) const;
    // The page to step through the gating games on a board (`pantheon view`).
    std::filesystem::path games_page_path(int gen) const;
    // A match against the outside anchor: `player` is "start" (the first
    // player) or "gen-N" (generation N's promoted net); PGN and summary.
    std::filesystem::path anchor_pgn_path(const std::string& player) const;
    std::filesystem::path anchor_summary_path(const std::string& player) const;
    // Generation `gen`'s games against the anchor for training: PGN and
    // summary, the imported games, and the directory of their labelled copy.
    std::filesystem::path outside_pgn_path(int gen) const;
    std::filesystem::path outside_summary_path(int gen) const;
    std::filesystem::path outside_games_file(int gen) const;
    std::filesystem::path outside_dir(int gen) const;
    // With outside-labels = "anchor-mates": the anchor's own labels, whose
    // mates the final labelling keeps, and their result file.
    std::filesystem::path outside_anchor_dir(int gen) const;
    std::string outside_anchor_result_path(int gen) const;
    std::filesystem::path log_path(int gen, Step s) const;
    std::filesystem::path record_path(int gen, Step s) const;
    // A data step's result file; `shard` (a shard number K, 0-based, or a
    // placeholder a job script replaces) names one shard's.
    std::string result_path(int gen, Step s, const std::string& shard = "") const;
    std::filesystem::path elo_table() const { return root_ / "elo.tsv"; }
    std::filesystem::path cpu_ledger() const { return root_ / "cpu.tsv"; }
    // The running attempt's CPU so far (pipeline/cpu_ledger.h).
    std::filesystem::path cpu_checkpoint() const { return root_ / "cpu-running.tsv"; }
    std::filesystem::path report() const { return root_ / "report.html"; }
    std::filesystem::path slurm_dir() const { return root_ / "slurm"; }

    // Creates the subdirectories.
    void create() const;

    // The step's record if it finished; nullopt if not. Throws
    // std::runtime_error naming the file when a record is damaged.
    std::optional<StepRecord> record(int gen, Step s) const;
    void write_record(int gen, Step s, const StepRecord& r) const;

  private:
    std::filesystem::path root_;
};

// util/atomic_file.h and util/text_file.h, throwing std::runtime_error with
// their message on failure.
void write_file_atomically(const std::filesystem::path& path, const std::string& text);
std::string read_file(const std::filesystem::path& path);

// The time now as the run's files (its settings history, its report) give
// it: "2026-11-27 02:50:00 UTC".
std::string now_text();

}  // namespace pantheon::pipeline
