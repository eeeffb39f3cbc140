// The run's report: RUN/elo.tsv (Elo by generation) and RUN/report.html, one
// self-contained page (inline SVG charts of util/svg_chart.h) with the
// Elo-by-generation plot with error bars, each generation's loss curve, data
// sizes and throughput, and the gating results. Built only from the step
// records and training logs, so it can be regenerated at any time.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pipeline/cpu_ledger.h"
#include "pipeline/run_dir.h"

namespace pantheon::pipeline {

struct GenerationView {
    int gen = 0;
    std::optional<StepRecord> selfplay, train, gate, promote;
    std::vector<std::pair<double, double>> loss;  // (step, loss) of its training
    StepCpu cpu{};                                // CPU seconds per step (cpu.tsv)
    double cpu_hours() const;                     // all its steps
    double cpu_hours(Step s) const;               // one step
};

// The loop's headline: the best player's Elo over the first player per
// CPU-hour spent by every generation so far (nullopt before any promotion
// step or without CPU records).
struct EloPerCpuHour {
    double elo = 0, elo_error = 0, cpu_hours = 0;
    double per_hour() const { return elo / cpu_hours; }
};
std::optional<EloPerCpuHour> elo_per_cpu_hour(const std::vector<GenerationView>& gens);

// Every generation's records and loss curve (up to the first one without any).
std::vector<GenerationView> collect_generations(const RunDir& run, int generations);

std::string elo_table(const std::vector<GenerationView>& gens);
std::string report_html(const std::vector<GenerationView>& gens, const std::string& settings,
                        const std::string& status);
// Writes both files atomically.
void write_report(const RunDir& run, const std::vector<GenerationView>& gens,
                  const std::string& settings, const std::string& status);

}  // namespace pantheon::pipeline
