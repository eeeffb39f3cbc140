// What finished steps produced, read back from their artifacts: the data a
// self-play step wrote, the loss curve in a training log, the figures of a
// gating match's summary. Each throws std::runtime_error naming the file
// when an artifact is missing or damaged.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "pipeline/run_dir.h"

namespace pantheon::pipeline {

struct DataSize {
    uint64_t files = 0, games = 0, positions = 0, bytes = 0;
};
// Sums the headers of the data files (*.pgd) in a directory.
DataSize measure_data(const std::string& dir);

// (step, loss) pairs from a training log: every line that has a "step" and a
// "loss" followed by numbers ("step 200 loss 0.0123", "step=200 ... loss: 0.0123"),
// in step order; a step reported again (a resumed training) keeps its last loss.
std::vector<std::pair<double, double>> loss_curve(const std::string& log_text);

struct GateResult {
    int64_t wins = 0, losses = 0, draws = 0;  // the candidate's
    double score = 0.5, elo = 0, elo_error = 0;
    std::string sprt;  // "H1 accepted", "H0 accepted", "continue", or "" without SPRT
    double llr = 0;
};
// From a `pantheon match` summary JSON (the candidate is the first player).
GateResult read_gate_summary(const std::string& path);

// Whether a gate result promotes the candidate: with an SPRT, H1 accepted;
// with fixed games, a score above one half.
bool promotes(const GateResult& r);

// Step records hold numbers as text; these convert with a clear error.
double record_number(const StepRecord& r, const std::string& key);
std::string format_number(double v);

}  // namespace pantheon::pipeline
