#include "pipeline/run_eta.h"

#include <algorithm>
#include <iterator>

namespace pantheon::pipeline {

namespace {

// Mean CPU of each step over the generations before `gen` that ran it.
StepCpu mean_step_cpu(const CpuLedger& ledger, int gen) {
    StepCpu sum{}, count{};
    for (const auto& [g, cpu] : ledger.generations) {
        if (g >= gen) break;
        for (std::size_t i = 0; i < cpu.size(); ++i)
            if (cpu[i] > 0) {
                sum[i] += cpu[i];
                count[i] += 1;
            }
    }
    StepCpu mean{};
    for (std::size_t i = 0; i < mean.size(); ++i) mean[i] = count[i] > 0 ? sum[i] / count[i] : 0;
    return mean;
}

}  // namespace

std::optional<double> remaining_cpu_seconds(const CpuLedger& ledger, const std::vector<Step>& steps,
                                            int generations, int gen, Step running,
                                            double attempt_cpu) {
    if (ledger.generations.empty() || ledger.generations.begin()->first >= gen) return std::nullopt;
    const StepCpu mean = mean_step_cpu(ledger, gen);
    double generation_cpu = 0;
    for (Step s : steps) generation_cpu += mean[step_index(s)];
    double running_cpu = attempt_cpu;
    if (const auto it = ledger.generations.find(gen); it != ledger.generations.end())
        running_cpu += it->second[step_index(running)];
    double left = std::max(0.0, mean[step_index(running)] - running_cpu);
    const auto after = std::find(steps.begin(), steps.end(), running);
    if (after != steps.end())
        for (auto it = std::next(after); it != steps.end(); ++it) left += mean[step_index(*it)];
    return left + generation_cpu * std::max(0, generations - gen - 1);
}

std::optional<double> wall_seconds_for(double cpu_seconds, double elapsed, double cpu_spent) {
    if (cpu_spent < MIN_CPU_SECONDS_FOR_PACE) return std::nullopt;
    return cpu_seconds * elapsed / cpu_spent;
}

}  // namespace pantheon::pipeline
