// A run's state without its bulk data, to carry a run to another machine
// (or keep it in version control) and continue it there.
//
// The state holds the finished generations: their step records, result
// files, match summaries, training logs, the CPU ledger, the settings and
// their history, the run's initial net and the best player's net. It leaves
// out what is large and what the next generation does not need: self-play
// data, rescored data, gating and anchor PGNs, checkpoints and the nets of
// players that were not promoted. STATE/state.txt says which run it came
// from and up to which generation.
//
// Imported, the run goes on from the next generation. Training reads the
// data of a window of generations; those whose data stayed behind are listed
// in RUN/data-not-carried.txt and left out of the window (the train step's
// record names them), so the run's recipe changes in one visible place and
// nowhere else.
#pragma once

#include <filesystem>
#include <string>

namespace pantheon::pipeline {

struct StateSummary {
    int generations = 0;  // finished generations in the state
    int files = 0;        // files copied
    std::string best;     // the best player's name after the last of them
};

// Writes the state of the run at `run_root` to `out` (replaced as a whole
// only once the new one is complete). Throws std::runtime_error with a
// message when the run has no finished generation or a file cannot be read
// or written.
StateSummary export_run_state(const std::filesystem::path& run_root,
                              const std::filesystem::path& out);

// Makes a run directory `run_root` (which must not exist or be empty) from a
// state written by export_run_state; paths the records give under the
// exported run's directory are given under `run_root`. Throws
// std::runtime_error when the state is damaged or the directory is in use.
StateSummary import_run_state(const std::filesystem::path& state,
                              const std::filesystem::path& run_root);

}  // namespace pantheon::pipeline
