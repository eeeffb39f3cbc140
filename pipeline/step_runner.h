// Running one step: as a subprocess of the pantheon binary (LocalRunner), or
// as a Slurm job array submitted with `sbatch --wait` (SlurmRunner). Either
// appends the step's output to its log file and returns its exit status; a
// tick callback is called about every 200 ms while the step runs (progress).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "pipeline/cpu_ledger.h"
#include "pipeline/run_dir.h"
#include "pipeline/step_commands.h"

namespace pantheon::pipeline {

struct StepJob {
    std::string name;     // "gen-3.selfplay": job names and messages
    Args args;            // the pantheon subcommand and its arguments
    std::string log;      // output is appended here
    int array_tasks = 0;  // Slurm: > 0 runs an array of this many tasks (shards)
    // The shards (array indexes) to run; empty = all. A retry runs only the
    // shards that left no result.
    std::vector<int> only_shards;

    // The shards this job runs: only_shards, or 0 .. array_tasks - 1.
    std::vector<int> shards() const;
};

// Shard K's log (the step's log with .task-K.log for .log).
std::string task_log_path(const StepJob& job, int shard);

// Why a step or task ended with `status`: "exit status N" or "killed by
// signal N (NAME)".
std::string exit_cause(int status);

class StepRunner {
  public:
    virtual ~StepRunner() = default;
    // Exit status of the step (0: success; 128 + N: killed by signal N).
    virtual int run(const StepJob& job, const std::function<void()>& tick) = 0;
    // Told once a step's work is done (promotion, run in the pipeline itself,
    // included), just before its record is published: the last instant at
    // which a kill loses the step. Tests kill the pipeline there.
    virtual void before_record(int /*gen*/, Step /*step*/) {}
    // After a failed array job: what the scheduler says ended `shard` (a
    // Slurm state such as "TIMEOUT" or "FAILED, exit status 1"); "" when it
    // cannot tell.
    virtual std::string shard_state(const StepJob& /*job*/, int /*shard*/) { return ""; }
    // CPU seconds the last run of `job` spent outside this process's tree
    // (a cluster's tasks), for the run's CPU ledger; while it runs, those of
    // its tasks that have ended.
    virtual double remote_cpu_seconds(const StepJob& /*job*/) { return 0; }
};

// Runs `binary args...` (the binary is normally /proc/self/exe). The child
// dies with the pipeline (PR_SET_PDEATHSIG), so a killed pipeline never
// leaves a step writing behind it.
class LocalRunner : public StepRunner {
  public:
    explicit LocalRunner(std::string binary) : binary_(std::move(binary)) {}
    int run(const StepJob& job, const std::function<void()>& tick) override;

  private:
    std::string binary_;
};

// Writes RUN/slurm/<name>.sbatch (array index K runs shard K, so a retry
// can submit only some shards) and submits it with `sbatch --wait`, which
// returns once every task has ended. Tasks are requeued by Slurm after a
// preemption or node failure (--requeue) and append to their log, so a
// requeued task resumes its shard. Jobs of the same step left running by a
// killed pipeline are cancelled first. Each task's try writes its CPU to
// RUN/slurm/<name>.cpu-<job>.task-<K>.try-<N>: a sample every
// cpu_sample_seconds while its command runs, the command's whole CPU once it
// has ended.
class SlurmRunner : public StepRunner {
  public:
    SlurmRunner(std::string binary, std::string script_dir, std::vector<std::string> sbatch_args)
        : binary_(std::move(binary)),
          script_dir_(std::move(script_dir)),
          sbatch_args_(std::move(sbatch_args)) {}
    int run(const StepJob& job, const std::function<void()>& tick) override;
    // From `sacct` (when Slurm keeps accounting) for the last job submitted.
    std::string shard_state(const StepJob& job, int shard) override;
    // The CPU each task of the last job submitted reported (its command's
    // user + system time, written by the job script at the task's end; a
    // task killed outright, its last sample).
    double remote_cpu_seconds(const StepJob& job) override;

    // How often a running task samples its CPU (tests make it short).
    double cpu_sample_seconds = CPU_CHECKPOINT_SECONDS;

    // The job script's text (tests check it).
    std::string script(const StepJob& job) const;
    // "pantheon-<step>-<run tag>": unique per run directory and step. A
    // resubmission first cancels jobs of that name left by a killed pipeline.
    std::string job_name(const StepJob& job) const;

  private:
    std::string cpu_file_prefix(const StepJob& job) const;
    // The step's command, quoted for the shell, its shard taken from the task.
    std::string command_line(const StepJob& job) const;

    std::string binary_, script_dir_;
    std::vector<std::string> sbatch_args_;
    std::string last_job_id_;  // of the last submission ("" when unknown)
};

// Runs `program args...` (searched in PATH), output appended to `log`; a
// program that cannot be started gives 127 with the reason in the log.
int run_process(const std::string& program, const Args& args, const std::string& log,
                const std::function<void()>& tick);

// The running executable's path (/proc/self/exe resolved).
std::string self_executable();

// Quotes a word for a POSIX shell.
std::string shell_quote(const std::string& word);

}  // namespace pantheon::pipeline
