// How the pipeline runs its steps' jobs: a progress line while one runs
// (the run's steps done, its time and ETA, and the step's own last log line),
// each try's CPU recorded, a failed try retried after a pause (an array job:
// only its shards that left no result) until step_retries, and a signal
// stopping it. Also counts the steps, for that line.
#pragma once

#include <atomic>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <string>

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

class StepExecution {
  public:
    // `steps_total`: the steps of the whole run (every generation's).
    StepExecution(const PipelineConfig& c, const RunDir& dir, int steps_total, std::ostream& err,
                  bool terminal)
        : c_(c), dir_(dir), steps_total_(steps_total), err_(err), progress_(&err, terminal) {}

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
    void draw_progress(const StepJob& job, int gen, Step step);
    void pause_before_retry(const std::string& job_name);

    const PipelineConfig& c_;
    const RunDir& dir_;
    const int steps_total_;
    std::ostream& err_;
    util::ProgressLine progress_;
    std::atomic<bool> interrupted_{false};
    int steps_done_ = 0, steps_skipped_ = 0;
};

}  // namespace pantheon::pipeline
