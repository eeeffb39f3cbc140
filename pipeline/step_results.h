// What finished steps produced, read back from the files they write for
// that purpose: the result files of self-play and rescoring, the training
// log CSV, a gating match's summary. Each throws std::runtime_error naming
// the file when one is missing or damaged.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "pipeline/run_dir.h"
#include "util/step_result.h"

namespace pantheon::pipeline {

// What the result files of a data step (self-play, rescoring; one per shard,
// util/step_result.h) say together: the data the step left, and the
// positions per second of the runs that wrote them (0 when they played or
// searched nothing: everything was done already). `step` is the name each file must carry.
struct DataStepTotals {
    util::DataSize data;
    double run_seconds = 0;
    double positions_per_second = 0;
};
DataStepTotals read_data_step_results(const std::vector<std::string>& paths,
                                      const std::string& step);

// (step, training loss) pairs from a training log CSV (the trainer's
// NET.train.csv: a header naming the columns, then one row per logged step;
// lines starting with '#' are notes and skipped),
// in step order; a step logged again (a resumed training) keeps its last row.
std::vector<std::pair<double, double>> loss_curve(const std::string& csv_text);
// The same from the file; a missing file gives no points.
std::vector<std::pair<double, double>> read_loss_curve(const std::string& path);

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
