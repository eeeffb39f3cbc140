// How the pipeline runs its steps' jobs: a progress line while one runs
// (the run's steps done, its time and ETA, and the step's own last log line),
// each try's CPU recorded, a failed try retried after a pause (an array job:
// only its shards that left no result) until step_retries, and a signal
// stopping it. Also counts the steps, for that line; its ETA comes from the
// CPU ledger once a generation has finished (pipeline/run_eta.h).
#pragma once

#include <atomic>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "pipeline/pipeline_config.h"
#include "pipeline/run_dir.h"
#include "pipeline/step_runner.h"
#include "util/progress_line.h"

namespace pantheon::pipeline {

// A step that failed every try; the run stops and resumes there.
struct StepFailed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// SIGINT or SIGTERM arrived: the running step is stopped (its CPU recorded)
// and the pipeline exits; the same command resumes it.
struct Interrupted : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The steps each generation of a run with these settings runs, in order.
std::vector<Step> active_steps(const PipelineConfig& c);

class StepExecution {
  public:
    StepExecution(const PipelineConfig& c, const RunDir& dir, std::ostream& err, bool terminal)
        : c_(c),
          dir_(dir),
          generation_steps_(active_steps(c)),
          steps_total_(c.generations * int(generation_steps_.size())),
          err_(err),
          progress_(&err, terminal) {}

    // Whether shard K of an array job finished (its result is there).
    using ShardDone = std::function<bool(int)>;
    // Runs a job of step `step` of generation `gen`; a failure is tried
    // again up to step_retries times, then throws StepFailed. `before_retry`
    // may remake the job's command (what a failed try left).
    void execute(StepRunner& runner, StepJob job, int gen, Step step,
                 const ShardDone& shard_done = nullptr,
                 const std::function<void(StepJob&)>& before_retry = nullptr);

    // Set (by the signal watcher) to stop the running step: execute throws
    // Interrupted.
    std::atomic<bool>& interrupted() { return interrupted_; }

    // A step finished; `skipped`: recorded as done by an earlier run.
    void count_step(bool skipped) {
        ++steps_done_;
        steps_skipped_ += skipped;
    }
    // The last progress line: the steps done and the run's time.
    void finish();

  private:
    // `attempt_cpu`: CPU seconds of the running attempt so far.
    void draw_progress(const StepJob& job, int gen, Step step, double attempt_cpu);
    std::string eta_text(int gen, Step step, double attempt_cpu) const;
    void pause_before_retry(const std::string& job_name);

    const PipelineConfig& c_;
    const RunDir& dir_;
    const std::vector<Step> generation_steps_;
    const int steps_total_;
    std::ostream& err_;
    util::ProgressLine progress_;
    std::atomic<bool> interrupted_{false};
    int steps_done_ = 0, steps_skipped_ = 0;
    double cpu_spent_ = 0;  // by this process's finished attempts
};

}  // namespace pantheon::pipeline
