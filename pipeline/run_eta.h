// The time a run has left, for the pipeline's progress line. A generation's
// steps differ in cost a hundredfold (self-play takes hours, a promotion a
// moment), so counting steps misleads; the CPU ledger says what each step
// cost in the generations already finished, and this process's own CPU per
// second of wall time turns that into time.
#pragma once

#include <optional>
#include <vector>

#include "pipeline/cpu_ledger.h"
#include "pipeline/run_dir.h"

namespace pantheon::pipeline {

// CPU seconds still to spend from step `running` of generation `gen` to the
// end of `generations`, each running `steps`: every step still to come costs
// its mean over the ledger's generations before `gen` (0 for a step none of
// them ran, such as an anchor match no generation earned); the running one
// that mean less what it has spent (its earlier attempts, from the ledger,
// and `attempt_cpu`, the current one's), at least 0. nullopt while no
// generation before `gen` is in the ledger.
std::optional<double> remaining_cpu_seconds(const CpuLedger& ledger, const std::vector<Step>& steps,
                                            int generations, int gen, Step running,
                                            double attempt_cpu);

// This process must have spent this much CPU before its pace is trusted.
inline constexpr double MIN_CPU_SECONDS_FOR_PACE = 60;

// Wall seconds `cpu_seconds` will take at this process's pace so far
// (`cpu_spent` CPU seconds in `elapsed` wall seconds); nullopt until it has
// spent MIN_CPU_SECONDS_FOR_PACE.
std::optional<double> wall_seconds_for(double cpu_seconds, double elapsed, double cpu_spent);

}  // namespace pantheon::pipeline
