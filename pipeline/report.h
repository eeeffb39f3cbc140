// The run's report: RUN/elo.tsv (Elo by generation) and RUN/report.html, one
// self-contained page (inline SVG charts of util/svg_chart.h) with the
// Elo-by-generation plot with error bars, each generation's loss curve, data
// sizes and throughput, and the gating results. Built only from the step
// records and training logs, so it can be regenerated at any time.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pipeline/cpu_ledger.h"
#include "pipeline/run_dir.h"

namespace pantheon::pipeline {

struct GenerationView {
    int gen = 0;
    std::optional<StepRecord> selfplay, outside, train, gate, promote, anchor;
    std::vector<std::pair<double, double>> loss;  // (step, loss) of its training
    StepCpu cpu{};                                // CPU seconds per step (cpu.tsv)
    std::string games_page;          // its gating games' page relative to the run, "" if none
    double cpu_hours() const;        // all its steps
    double cpu_hours(Step s) const;  // one step
};

// A run as the report shows it: its generations, and what making its
// initial net cost (cpu_ledger.h; 0 when not recorded).
struct RunView {
    std::vector<GenerationView> generations;
    double initial_net_cpu_hours = 0;
    // The ledger's CPU-hours by the machine each line names ("" for lines
    // that name none).
    std::map<std::string, double> cpu_hours_by_machine;
    double cpu_hours() const;  // the initial net and every generation's steps
};

// A rate over less CPU than this is not shown: a few CPU-minutes of start-up
// work (loading nets, the first chunks) would make any Elo gain look huge
// (+17,000 Elo per CPU-hour for a quick start's 0.01 CPU-hours).
inline constexpr double MIN_RATED_CPU_HOURS = 1.0;

// The loop's headline: the best player's Elo over the first player per
// CPU-hour spent by the run (making its initial net included), with the Elo
// interval carried over (nullopt before any promotion step or without CPU
// records).
struct EloPerCpuHour {
    double elo = 0, elo_error = 0;  // the best player's, 95%
    double cpu_hours = 0, initial_net_cpu_hours = 0;
    bool rated() const { return cpu_hours >= MIN_RATED_CPU_HOURS; }
    double per_hour() const { return elo / cpu_hours; }
    double per_hour_error() const { return elo_error / cpu_hours; }
};
std::optional<EloPerCpuHour> elo_per_cpu_hour(const RunView& run);

// The run against its outside anchor (pipeline_config.h): the first
// player's Elo against the anchor, the best player's after the newest anchor
// step, and the difference, the run's gain where it was not trained to win,
// with the two measurements' intervals combined; per CPU-hour spent by the
// run as for the gates' figure. nullopt before the first anchor step.
struct AnchorGain {
    double start_elo = 0, start_error = 0;  // the first player against the anchor, 95%
    double best_elo = 0, best_error = 0;    // the best player against the anchor, 95%
    std::string best_player;                // "start" or "gen-N"
    int generation = 0;                     // of the newest anchor step
    double cpu_hours = 0, initial_net_cpu_hours = 0;
    double gain() const { return best_elo - start_elo; }
    double gain_error() const;
    bool rated() const { return cpu_hours >= MIN_RATED_CPU_HOURS; }
    double per_hour() const { return gain() / cpu_hours; }
    double per_hour_error() const { return gain_error() / cpu_hours; }
};
std::optional<AnchorGain> anchor_gain(const RunView& run);

// Every generation's records and loss curve (up to the first one without
// any), with the CPU ledger.
RunView collect_run(const RunDir& run, int generations);

// Whether a data step's record measured work of its own: a step that found
// every chunk complete (copied in, or finished by an earlier attempt) did
// none and has no throughput.
bool measured_throughput(const StepRecord& data_step);

// Where the CPU was counted, when the ledger names a machine: one, or
// several with each one's CPU-hours (their CPU-seconds are not the same
// work, so the rates mix them). "" when no line names one.
std::string machines_html(const RunView& run);

std::string elo_table(const RunView& run);
std::string report_html(const RunView& run, const std::string& settings, const std::string& status);
// Writes both files atomically.
void write_report(const RunDir& dir, const RunView& run, const std::string& settings,
                  const std::string& status);

}  // namespace pantheon::pipeline
