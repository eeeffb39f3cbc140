#include "pipeline/step_execution.h"

#include <chrono>
#include <optional>
#include <thread>
#include <vector>

#include "pipeline/cpu_ledger.h"
#include "pipeline/log_tail.h"
#include "pipeline/run_eta.h"
#include "pipeline/step_results.h"

namespace pantheon::pipeline {

namespace {

// How often a pause before a retry looks for a signal.
constexpr auto RETRY_PAUSE_POLL = std::chrono::milliseconds(200);
constexpr auto CPU_CHECKPOINT_INTERVAL = std::chrono::duration<double>(CPU_CHECKPOINT_SECONDS);

}  // namespace

std::vector<Step> active_steps(const PipelineConfig& c) {
    std::vector<Step> steps;
    for (Step s : ALL_STEPS) {
        if (s == Step::Outside && c.outside_rounds <= 0) continue;
        if (s == Step::Rescore && c.rescore_nodes <= 0 && c.label_king_danger <= 0) continue;
        if (s == Step::Anchor && c.anchor.empty()) continue;
        steps.push_back(s);
    }
    return steps;
}

// What each step cost the finished generations, at this process's pace;
// before a generation has finished (or this process has a pace), the
// steps still to run at the time each fresh step took.
std::string StepExecution::eta_text(int gen, Step step, double attempt_cpu) const {
    const double elapsed = progress_.seconds();
    const std::optional<double> cpu_left = remaining_cpu_seconds(
        read_cpu_ledger(dir_), generation_steps_, c_.generations, gen, step, attempt_cpu);
    if (cpu_left)
        if (const auto wall = wall_seconds_for(*cpu_left, elapsed, cpu_spent_ + attempt_cpu))
            return ", ETA " + util::duration_text(*wall);
    const int fresh = steps_done_ - steps_skipped_;
    if (fresh == 0) return "";
    return ", ETA " + util::duration_text(elapsed / fresh * double(steps_total_ - steps_done_));
}

void StepExecution::draw_progress(const StepJob& job, int gen, Step step, double attempt_cpu) {
    std::string line = "pipeline: gen " + std::to_string(gen + 1) + "/" +
                       std::to_string(c_.generations) + " " + step_name(step) + ", steps " +
                       std::to_string(steps_done_) + "/" + std::to_string(steps_total_) +
                       " done, " + util::duration_text(progress_.seconds()) +
                       eta_text(gen, step, attempt_cpu);
    const std::string step_line = last_progress_line(job.log);
    if (!step_line.empty()) line += " | " + step_line;
    progress_.draw(line, false);
}

void StepExecution::execute(StepRunner& runner, StepJob job, int gen, Step step,
                            const ShardDone& shard_done,
                            const std::function<void(StepJob&)>& before_retry) {
    const bool sharded = job.array_tasks > 0 && shard_done;
    for (int attempt = 0;; ++attempt) {
        err_ << "pipeline: gen " << gen << " " << step_name(step);
        if (attempt > 0) err_ << " try " << attempt + 1 << "/" << c_.step_retries + 1;
        err_ << " (log " << job.log << ")\n";
        // Every try's CPU is counted, a failed one's too, and a killed one's
        // up to its last checkpoint (with the cluster tasks that had ended).
        const double cpu_before = children_cpu_seconds();
        const auto account = [&] {
            const double seconds =
                children_cpu_seconds() - cpu_before + runner.remote_cpu_seconds(job);
            append_cpu(dir_, gen, step, seconds);
            cpu_spent_ += seconds;
        };
        std::optional<std::chrono::steady_clock::time_point> last_checkpoint;
        const auto tick = [&] {
            if (interrupted_) throw Interrupted("interrupted by a signal during " + job.name);
            const auto now = std::chrono::steady_clock::now();
            const bool draw = progress_.due();
            const bool checkpoint =
                !last_checkpoint || now - *last_checkpoint >= CPU_CHECKPOINT_INTERVAL;
            if (!draw && !checkpoint) return;
            const double attempt_cpu = children_cpu_seconds() - cpu_before +
                                       live_descendants_cpu_seconds() +
                                       runner.remote_cpu_seconds(job);
            if (draw) draw_progress(job, gen, step, attempt_cpu);
            if (checkpoint) {
                checkpoint_cpu(dir_, gen, step, attempt_cpu);
                last_checkpoint = now;
            }
        };
        int status = 0;
        try {
            status = runner.run(job, tick);
        } catch (...) {
            account();
            throw;
        }
        account();
        // A shard is done when its result is there, whatever the array's
        // status says (a requeued task may have finished it).
        std::vector<int> missing;
        if (sharded)
            for (int k : job.shards())
                if (!shard_done(k)) missing.push_back(k);
        if (sharded ? missing.empty() : status == 0) return;
        std::string what;
        if (sharded) {
            for (int k : missing) {
                std::string cause = runner.shard_state(job, k);
                if (cause.empty()) cause = "left no result (array job: " + exit_cause(status) + ")";
                what += "\n  shard " + std::to_string(k) + "/" + std::to_string(job.array_tasks) +
                        ": " + cause + "; see " + task_log_path(job, k);
            }
        } else {
            what = " (" + exit_cause(status) + "); see " + job.log;
        }
        const std::string tries = std::to_string(attempt + 1) + (attempt == 0 ? " try" : " tries");
        if (attempt >= c_.step_retries)
            throw StepFailed("step " + job.name + " failed after " + tries + what);
        err_ << "pipeline: step " << job.name << " failed" << what << "\npipeline: retrying "
             << (sharded ? "its " + std::to_string(missing.size()) + " missing shard(s)" : "it")
             << " in " << format_number(c_.retry_pause_seconds) << " s (retry " << attempt + 1
             << " of " << c_.step_retries << ")\n";
        pause_before_retry(job.name);
        if (sharded) job.only_shards = missing;
        if (before_retry) before_retry(job);
    }
}

void StepExecution::pause_before_retry(const std::string& job_name) {
    const auto until =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(c_.retry_pause_seconds);
    while (std::chrono::steady_clock::now() < until) {
        if (interrupted_)
            throw Interrupted("interrupted by a signal while waiting to retry " + job_name);
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            until - std::chrono::steady_clock::now());
        std::this_thread::sleep_for(std::min<std::chrono::milliseconds>(RETRY_PAUSE_POLL, left));
    }
}

void StepExecution::finish() {
    progress_.draw("pipeline: " + std::to_string(steps_done_) + " steps done (" +
                       std::to_string(steps_skipped_) + " already done before), " +
                       util::duration_text(progress_.seconds()),
                   true);
}

}  // namespace pantheon::pipeline
