#include "pipeline/pipeline.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>

#include "util/interrupt_watcher.h"
#include "pipeline/cpu_ledger.h"
#include "pipeline/report.h"
#include "pipeline/run_dir.h"
#include "pipeline/step_results.h"
#include "util/append_file.h"
#include "util/build_info.h"
#include "util/progress_line.h"
#include "util/run_lock.h"

namespace pantheon::pipeline {

namespace fs = std::filesystem;

namespace {

// A gate Elo beyond this (all games won or lost) counts as this much.
constexpr double MAX_GATE_ELO = 1000;

struct StepFailed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// SIGINT or SIGTERM arrived: the running step is stopped (its CPU recorded)
// and the pipeline exits; the same command resumes it.
struct Interrupted : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// How often a pause before a retry looks for a signal.
constexpr auto RETRY_PAUSE_POLL = std::chrono::milliseconds(200);

// Exit status of a pipeline stopped by a signal (as `pantheon train`'s).
constexpr int EXIT_INTERRUPTED = 3;

std::string now_text() {
    const std::time_t t = std::time(nullptr);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", std::gmtime(&t));
    return buf;
}

// The last non-empty line of a log (its progress), at most 160 characters.
std::string last_log_line(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "";
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    const std::streamoff from = std::max<std::streamoff>(0, size - 4096);
    in.seekg(from);
    std::string tail((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (char& c : tail)
        if (c == '\r') c = '\n';
    while (!tail.empty() && (tail.back() == '\n' || tail.back() == ' ')) tail.pop_back();
    std::string line =
        tail.substr(tail.rfind('\n') == std::string::npos ? 0 : tail.rfind('\n') + 1);
    return line.size() > 160 ? line.substr(0, 160) : line;
}

// The result files a data step is to write (one per shard when `shards` > 0),
// none left from an earlier attempt: what is read afterwards was written by
// this one.
std::vector<std::string> fresh_result_files(const RunDir& dir, int gen, Step step, int shards) {
    std::vector<std::string> paths;
    if (shards == 0) paths.push_back(dir.result_path(gen, step));
    for (int k = 0; k < shards; ++k) paths.push_back(dir.result_path(gen, step, std::to_string(k)));
    for (const std::string& p : paths) fs::remove(p);
    return paths;
}

class Pipeline {
  public:
    Pipeline(const PipelineRun& run, StepRunner& local, StepRunner* cluster, std::ostream& out,
             std::ostream& err, bool terminal)
        : run_(run),
          c_(run.config),
          dir_(run.dir),
          local_(local),
          cluster_(c_.cluster == Cluster::Slurm ? cluster : nullptr),
          out_(out),
          err_(err),
          progress_(&err, terminal),
          start_(std::chrono::steady_clock::now()) {}

    int run();

  private:
    bool check_settings();
    void run_step(int gen, Step step);
    bool active(Step step) const { return step != Step::Rescore || c_.rescore_nodes > 0; }
    int steps_per_generation() const;
    StepRecord selfplay(int gen);
    StepRecord rescore(int gen);
    // Runs a step that writes a generation's data (`args` its command,
    // sharded on a cluster) and makes its record.
    StepRecord data_step(int gen, Step step, const std::string& what, Args args);
    // The record of a step that wrote a generation's data, from its result
    // files: the data's size (every game must be there), the step's time and
    // the positions/s its runs report.
    StepRecord data_record(int gen, Step step, const std::string& what,
                           const std::vector<std::string>& results, const StepJob& job,
                           std::chrono::steady_clock::time_point t0) const;
    StepRecord train(int gen);
    StepRecord gate(int gen);
    StepRecord promote(int gen);
    void apply(Step step, const StepRecord& r);
    // Whether shard K of an array job finished (its result is there).
    using ShardDone = std::function<bool(int)>;
    // Runs a job; a failure is tried again (an array job: its shards that
    // did not finish) up to step_retries times, then stops the run.
    // `before_retry` may remake the job's command (what a failed try left).
    void execute(StepRunner& runner, StepJob job, int gen, Step step,
                 const ShardDone& shard_done = nullptr,
                 const std::function<void(StepJob&)>& before_retry = nullptr);
    void pause_before_retry(const std::string& job_name);
    void refresh_report(const std::string& status);
    void summary();
    std::string job_name(int gen, Step s) const {
        return "gen-" + std::to_string(gen) + "." + step_name(s);
    }

    const PipelineRun& run_;
    const PipelineConfig& c_;
    RunDir dir_;
    StepRunner& local_;
    StepRunner* cluster_;
    std::ostream& out_;
    std::ostream& err_;
    util::ProgressLine progress_;
    std::chrono::steady_clock::time_point start_;
    std::string settings_;
    std::atomic<bool> interrupted_{false};

    Player best_;
    double best_elo_ = 0, best_error_ = 0;
    int steps_done_ = 0, steps_skipped_ = 0;
};

bool Pipeline::check_settings() {
    settings_ = settings_text(c_);
    if (!fs::exists(dir_.settings_file())) {
        write_file_atomically(dir_.settings_file(), settings_);
        return true;
    }
    const auto diffs = settings_differences(read_file(dir_.settings_file()), settings_);
    if (diffs.empty()) return true;
    std::string list;
    for (const auto& d : diffs) list += "  " + d + "\n";
    if (!run_.allow_config_change) {
        err_ << "error: " << dir_.root().string() << " was started with other settings:\n"
             << list
             << "Use the original settings, or --allow-config-change to go on with these "
                "(finished steps are kept).\n";
        return false;
    }
    std::string error;
    if (!util::append_to_file(dir_.history_file().string(),
                              now_text() + ": settings changed\n" + list, &error))
        throw std::runtime_error(error);
    write_file_atomically(dir_.settings_file(), settings_);
    err_ << "pipeline: settings changed (recorded in " << dir_.history_file().string() << "):\n"
         << list;
    return true;
}

void Pipeline::execute(StepRunner& runner, StepJob job, int gen, Step step,
                       const ShardDone& shard_done,
                       const std::function<void(StepJob&)>& before_retry) {
    const int total = c_.generations * steps_per_generation();
    const auto tick = [&] {
        if (interrupted_) throw Interrupted("interrupted by a signal during " + job.name);
        if (!progress_.due()) return;
        const double elapsed = progress_.seconds();
        const int fresh = steps_done_ - steps_skipped_;
        std::string line = "pipeline: gen " + std::to_string(gen + 1) + "/" +
                           std::to_string(c_.generations) + " " + step_name(step) + ", steps " +
                           std::to_string(steps_done_) + "/" + std::to_string(total) + " done, " +
                           util::duration_text(elapsed);
        if (fresh > 0)
            line += ", ETA " + util::duration_text(elapsed / fresh * double(total - steps_done_));
        const std::string step_line = last_log_line(job.log);
        if (!step_line.empty()) line += " | " + step_line;
        progress_.draw(line, false);
    };
    const bool sharded = job.array_tasks > 0 && shard_done;
    for (int attempt = 0;; ++attempt) {
        err_ << "pipeline: gen " << gen << " " << step_name(step);
        if (attempt > 0) err_ << " try " << attempt + 1 << "/" << c_.step_retries + 1;
        err_ << " (log " << job.log << ")\n";
        // Every try's CPU is counted, a failed one's too.
        const double cpu_before = children_cpu_seconds();
        const auto account = [&] {
            append_cpu(dir_, gen, step, children_cpu_seconds() - cpu_before);
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

void Pipeline::pause_before_retry(const std::string& job_name) {
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

StepRecord Pipeline::selfplay(int gen) {
    return data_step(gen, Step::SelfPlay, "self-play",
                     selfplay_args(c_, dir_, gen, best_, cluster_ != nullptr));
}

StepRecord Pipeline::data_step(int gen, Step step, const std::string& what, Args args) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto results = fresh_result_files(dir_, gen, step, cluster_ ? c_.shards : 0);
    StepJob job{job_name(gen, step), std::move(args), dir_.log_path(gen, step).string(), 0, {}};
    if (cluster_) {
        // Shards write disjoint files of one directory, each with its own
        // result file: together they are the unsharded step, their results
        // summed its record.
        job.array_tasks = c_.shards;
        execute(*cluster_, job, gen, step, [&](int k) { return fs::exists(results[size_t(k)]); });
    } else {
        execute(local_, job, gen, step);
    }
    return data_record(gen, step, what, results, job, t0);
}

StepRecord Pipeline::data_record(int gen, Step step, const std::string& what,
                                 const std::vector<std::string>& results, const StepJob& job,
                                 std::chrono::steady_clock::time_point t0) const {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    DataStepTotals t;
    try {
        t = read_data_step_results(results, step_name(step));
    } catch (const std::exception& e) {
        throw StepFailed(what + " of gen " + std::to_string(gen) + " left no usable result (" +
                         e.what() + "); see " + job.log);
    }
    if (int64_t(t.data.games) != c_.games)
        throw StepFailed(what + " of gen " + std::to_string(gen) + " ended with " +
                         std::to_string(t.data.games) + " of " + std::to_string(c_.games) +
                         " games; see " + job.log);
    return {{"games", std::to_string(t.data.games)},
            {"positions", std::to_string(t.data.positions)},
            {"files", std::to_string(t.data.files)},
            {"bytes", std::to_string(t.data.bytes)},
            {"seconds", format_number(seconds)},
            // 0 when its runs found every chunk complete: work this step
            // did not do has no rate (report.h, measured_throughput).
            {"positions_per_second", format_number(t.positions_per_second)},
            {"player", best_.name}};
}

int Pipeline::steps_per_generation() const {
    int n = 0;
    for (Step s : ALL_STEPS) n += active(s);
    return n;
}

StepRecord Pipeline::rescore(int gen) {
    StepRecord r = data_step(gen, Step::Rescore, "rescoring",
                             rescore_args(c_, dir_, gen, best_, cluster_ != nullptr));
    r["nodes"] = std::to_string(c_.rescore_nodes);
    return r;
}

StepRecord Pipeline::train(int gen) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::optional<std::string> resume = train_checkpoint(dir_, gen);
    fs::create_directories(dir_.net_path(gen).parent_path());
    StepJob job{job_name(gen, Step::Train),
                train_args(c_, dir_, gen, best_, resume),
                dir_.log_path(gen, Step::Train).string(),
                0,
                {}};
    // A failed try may have left a checkpoint: the retry continues it.
    execute(cluster_ && c_.train_as_job ? *cluster_ : local_, job, gen, Step::Train, nullptr,
            [&](StepJob& retry) {
                retry.args = train_args(c_, dir_, gen, best_, train_checkpoint(dir_, gen));
            });
    if (!fs::exists(dir_.net_path(gen)))
        throw StepFailed("training of gen " + std::to_string(gen) + " wrote no net " +
                         dir_.net_path(gen).string() + "; see " + job.log);
    const std::string log_csv = train_log_csv(dir_, gen);
    if (!fs::exists(log_csv))
        throw StepFailed("training of gen " + std::to_string(gen) + " wrote no log " + log_csv +
                         "; see " + job.log);
    // The final loss: the training loss of the last logged step.
    const auto curve = read_loss_curve(log_csv);
    StepRecord r = {
        {"net", dir_.net_path(gen).string()},
        {"seconds",
         format_number(
             std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count())},
        {"loss_points", std::to_string(curve.size())}};
    if (!curve.empty()) {
        r["final_loss"] = format_number(curve.back().second);
        r["steps"] = format_number(curve.back().first);
    }
    return r;
}

StepRecord Pipeline::gate(int gen) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::string log = dir_.log_path(gen, Step::Gate).string();
    if (cluster_) {
        // A shard's summary is written once its games are all played.
        execute(
            *cluster_,
            {job_name(gen, Step::Gate), gate_args(c_, dir_, gen, best_, true), log, c_.shards, {}},
            gen, Step::Gate,
            [&](int k) { return fs::exists(gate_shard_pgn(dir_, gen, k) + ".json"); });
        execute(local_,
                {job_name(gen, Step::Gate) + "-merge", gate_merge_args(c_, dir_, gen), log, 0, {}},
                gen, Step::Gate);
    } else {
        execute(local_, {job_name(gen, Step::Gate), gate_args(c_, dir_, gen, best_), log, 0, {}},
                gen, Step::Gate);
    }
    execute(local_,
            {job_name(gen, Step::Gate) + "-games",
             gate_games_page_args(c_, dir_, gen, cluster_ != nullptr),
             log,
             0,
             {}},
            gen, Step::Gate);
    const GateResult g = read_gate_summary(dir_.summary_path(gen).string());
    return {{"opponent", best_.name},
            {"wins", std::to_string(g.wins)},
            {"losses", std::to_string(g.losses)},
            {"draws", std::to_string(g.draws)},
            {"score", format_number(g.score)},
            {"elo", format_number(std::clamp(g.elo, -MAX_GATE_ELO, MAX_GATE_ELO))},
            {"elo_error", format_number(std::min(g.elo_error, MAX_GATE_ELO))},
            {"sprt", g.sprt},
            {"llr", format_number(g.llr)},
            {"promotes", promotes(g) ? "yes" : "no"},
            {"seconds",
             format_number(
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count())}};
}

StepRecord Pipeline::promote(int gen) {
    const auto gate_record = dir_.record(gen, Step::Gate);
    if (!gate_record)
        throw StepFailed("promotion of gen " + std::to_string(gen) + " before its gate");
    const bool promoted = gate_record->at("promotes") == "yes";
    const double elo = best_elo_ + record_number(*gate_record, "elo");
    const double error = std::hypot(best_error_, record_number(*gate_record, "elo_error"));
    StepRecord r = {{"promoted", promoted ? "yes" : "no"},
                    {"candidate_elo", format_number(elo)},
                    {"candidate_error", format_number(error)}};
    const std::string name = "gen-" + std::to_string(gen);
    r["best"] = promoted ? name : best_.name;
    r["best_net"] = promoted ? dir_.net_path(gen).string() : best_.net;
    r["best_elo"] = format_number(promoted ? elo : best_elo_);
    r["best_error"] = format_number(promoted ? error : best_error_);
    return r;
}

void Pipeline::apply(Step step, const StepRecord& r) {
    if (step != Step::Promote) return;
    best_ = {r.at("best"), r.at("best_net")};
    best_elo_ = record_number(r, "best_elo");
    best_error_ = record_number(r, "best_error");
}

void Pipeline::run_step(int gen, Step step) {
    if (const auto r = dir_.record(gen, step)) {
        apply(step, *r);
        ++steps_done_, ++steps_skipped_;
        return;
    }
    StepRecord r;
    switch (step) {
        case Step::SelfPlay:
            r = selfplay(gen);
            break;
        case Step::Rescore:
            r = rescore(gen);
            break;
        case Step::Train:
            r = train(gen);
            break;
        case Step::Gate:
            r = gate(gen);
            break;
        case Step::Promote:
            r = promote(gen);
            break;
    }
    // Which binary did the step: a run resumed by another build says where it changed.
    r.emplace("build", util::build_identity_line());
    local_.before_record(gen, step);
    dir_.write_record(gen, step, r);
    apply(step, r);
    ++steps_done_;
    refresh_report("generation " + std::to_string(gen) + " " + step_name(step) + " finished " +
                   now_text());
}

void Pipeline::refresh_report(const std::string& status) {
    write_report(dir_, collect_run(dir_, c_.generations), settings_, status);
}

void Pipeline::summary() {
    const auto gens = collect_run(dir_, c_.generations).generations;
    double positions = 0;
    std::string final_loss = "n/a";
    for (const auto& g : gens) {
        if (g.selfplay) positions += record_number(*g.selfplay, "positions");
        if (g.train && g.train->count("final_loss"))
            final_loss = g.train->at("final_loss") + " (gen " + std::to_string(g.gen) + ")";
    }
    if (gens.empty()) return;
    const GenerationView& last = gens.back();
    const std::string first = c_.initial_net.empty() ? "the hand-crafted eval"
                                                     : "the initial net (" + c_.initial_net + ")";
    out_ << "pipeline finished: " << c_.generations << " generations in " << dir_.root().string()
         << "\n"
         << "  positions generated: " << format_number(positions) << "\n"
         << "  final training loss: " << final_loss << "\n";
    if (last.promote) {
        char elo[96];
        std::snprintf(elo, sizeof elo, "%+.1f ± %.1f",
                      record_number(*last.promote, "candidate_elo"),
                      record_number(*last.promote, "candidate_error"));
        out_ << "  Elo of the newest net (gen-" << last.gen << ") against " << first << ": " << elo
             << " (" << (last.promote->at("promoted") == "yes" ? "promoted" : "not promoted")
             << ")\n";
    }
    out_ << "  best player: " << best_.name << (best_.net.empty() ? "" : " (" + best_.net + ")")
         << "\n"
         << "  report: " << dir_.report().string() << "\n";
}

int Pipeline::run() {
    if (const std::string why = validate(c_); !why.empty()) {
        err_ << "error: " << why << "\n";
        return 2;
    }
    if (c_.cluster == Cluster::Slurm && !cluster_) {
        err_ << "error: --cluster slurm needs a Slurm runner\n";
        return 2;
    }
    try {
        fs::create_directories(dir_.root());
        // Two pipelines never share a run directory.
        util::RunLock lock;
        std::string busy;
        if (!lock.acquire((dir_.root() / ".lock").string(),
                          "the run directory '" + dir_.root().string() + "'", &busy)) {
            err_ << "error: " << busy << "\n";
            return 2;
        }
        const util::InterruptWatcher watcher(interrupted_);
        dir_.create();
        if (!check_settings()) return 2;
        best_ = {c_.initial_net.empty() ? "hce" : "initial", c_.initial_net};
        try {
            for (int gen = 0; gen < c_.generations; ++gen)
                for (Step step : ALL_STEPS)
                    if (active(step)) run_step(gen, step);
        } catch (const StepFailed& e) {
            refresh_report("stopped: " + std::string(e.what()));
            err_ << "error: " << e.what() << "\nRun the same command again to continue.\n";
            return 1;
        } catch (const Interrupted& e) {
            refresh_report("stopped: " + std::string(e.what()));
            err_ << "\npipeline: " << e.what() << "; run the same command again to continue.\n";
            return EXIT_INTERRUPTED;
        }
        refresh_report("finished " + now_text());
        progress_.draw("pipeline: " + std::to_string(steps_done_) + " steps done (" +
                           std::to_string(steps_skipped_) + " already done before), " +
                           util::duration_text(progress_.seconds()),
                       true);
        summary();
        return 0;
    } catch (const std::exception& e) {
        err_ << "error: " << e.what() << "\n";
        return 2;
    }
}

}  // namespace

int run_pipeline(const PipelineRun& run, StepRunner& local, StepRunner* cluster, std::ostream& out,
                 std::ostream& err, bool terminal) {
    Pipeline p(run, local, cluster, out, err, terminal);
    return p.run();
}

}  // namespace pantheon::pipeline
