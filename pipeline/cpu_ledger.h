// CPU time spent by the loop's steps, the cost side of "Elo per CPU-hour".
// Each attempt of a step (a finished one, or one that failed or was stopped)
// appends the CPU seconds of the processes it ran to RUN/cpu.tsv; a resumed
// step adds a line, so the ledger counts the work of every attempt. While an
// attempt runs, its CPU so far is rewritten every CPU_CHECKPOINT_SECONDS to
// RUN/cpu-running.tsv; an attempt killed together with the pipeline
// (SIGKILL) leaves that line, which the next start moves into the ledger.
// So a kill loses at most the last interval's CPU, and nothing is counted
// twice (the checkpoint is removed before the ledger line is written).
//
// Each line also names the machine the pipeline ran on (host name and CPU
// model): a CPU-second is not the same work on every machine, and a run
// moved between machines says so in its report. Lines written before the
// machine was recorded have three fields and count as unrecorded.
//
// What the run started from is part of its cost: whoever made the initial
// net (scripts/quickstart.sh: the seed's self-play and training) appends
// "-<TAB>initial-net<TAB>SECONDS<TAB>MACHINE" per attempt before the
// pipeline starts (MACHINE as `pantheon pipeline-state machine` prints it).
#pragma once

#include <array>
#include <map>
#include <string>

#include "pipeline/run_dir.h"

namespace pantheon::pipeline {

// User + system CPU seconds of every finished child process of this one
// (and of the processes they waited for): read before and after a step.
double children_cpu_seconds();

// User + system CPU seconds of this process's live descendants (children
// and theirs, with the children they reaped), read from /proc: the part of
// a running step's CPU that children_cpu_seconds() does not see yet.
double live_descendants_cpu_seconds();

// This machine as the ledger names it: "HOST (CPU MODEL)", with no tab or
// line break.
std::string ledger_machine();

// Appends "gen<TAB>step<TAB>seconds<TAB>machine" to the run's ledger, after removing the
// attempt's checkpoint.
void append_cpu(const RunDir& run, int gen, Step step, double seconds);

// How often a running attempt's CPU is written to its checkpoint.
inline constexpr double CPU_CHECKPOINT_SECONDS = 60;
// Replaces the checkpoint with this attempt's CPU so far.
void checkpoint_cpu(const RunDir& run, int gen, Step step, double seconds);
// Moves a checkpoint left by a killed attempt into the ledger (at start,
// under the run's lock). True if there was one.
bool settle_cpu_checkpoint(const RunDir& run);

// The step name of a line counting CPU spent making the initial net.
inline constexpr const char* INITIAL_NET_ENTRY = "initial-net";

// CPU seconds per step of one generation, indexed like ALL_STEPS.
using StepCpu = std::array<double, std::size(ALL_STEPS)>;

struct CpuLedger {
    std::map<int, StepCpu> generations;  // summed per generation
    double initial_net_seconds = 0;      // making the initial net, all attempts
    // Every counted line's seconds by the machine it names ("" for none).
    std::map<std::string, double> seconds_by_machine;
};

// The run's ledger; lines that do not parse (a line torn by a kill while it
// was written) are skipped.
CpuLedger read_cpu_ledger(const RunDir& run);

}  // namespace pantheon::pipeline
