// CPU time spent by the loop's steps, the cost side of "Elo per CPU-hour".
// Each attempt of a step (a finished one, or one that failed or was stopped)
// appends the CPU seconds of the processes it ran to RUN/cpu.tsv; a resumed
// step adds a line, so the ledger counts the work of every attempt. An
// attempt killed together with the pipeline (SIGKILL) leaves no line: its
// CPU is lost from the figure, never counted twice.
//
// What the run started from is part of its cost: whoever made the initial
// net (scripts/quickstart.sh: the seed's self-play and training) appends
// "-<TAB>initial-net<TAB>SECONDS" per attempt before the pipeline starts.
#pragma once

#include <array>
#include <map>

#include "pipeline/run_dir.h"

namespace pantheon::pipeline {

// User + system CPU seconds of every finished child process of this one
// (and of the processes they waited for): read before and after a step.
double children_cpu_seconds();

// Appends "gen<TAB>step<TAB>seconds" to the run's ledger.
void append_cpu(const RunDir& run, int gen, Step step, double seconds);

// The step name of a line counting CPU spent making the initial net.
inline constexpr const char* INITIAL_NET_ENTRY = "initial-net";

// CPU seconds per step of one generation, indexed like ALL_STEPS.
using StepCpu = std::array<double, std::size(ALL_STEPS)>;

struct CpuLedger {
    std::map<int, StepCpu> generations;  // summed per generation
    double initial_net_seconds = 0;      // making the initial net, all attempts
};

// The run's ledger; lines that do not parse (a line torn by a kill while it
// was written) are skipped.
CpuLedger read_cpu_ledger(const RunDir& run);

}  // namespace pantheon::pipeline
