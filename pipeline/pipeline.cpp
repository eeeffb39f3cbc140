#include "pipeline/pipeline.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "pipeline/cpu_ledger.h"
#include "pipeline/initial_net.h"
#include "pipeline/report.h"
#include "pipeline/run_dir.h"
#include "pipeline/run_settings.h"
#include "pipeline/step_execution.h"
#include "pipeline/step_results.h"
#include "pipeline/summary.h"
#include "util/build_info.h"
#include "util/interrupt_watcher.h"
#include "util/run_lock.h"

namespace pantheon::pipeline {

namespace fs = std::filesystem;

namespace {

// A gate Elo beyond this (all games won or lost) counts as this much.
constexpr double MAX_GATE_ELO = 1000;

// Exit status of a pipeline stopped by a signal (as `pantheon train`'s).
constexpr int EXIT_INTERRUPTED = 3;

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
          steps_(c_, dir_, err, terminal) {}

    int run();

  private:
    void run_step(int gen, Step step);
    StepRecord selfplay(int gen);
    StepRecord rescore(int gen);
    // Runs a step that writes a generation's data (`args` its command,
    // sharded on a cluster) and makes its record.
    StepRecord data_step(int gen, Step step, const std::string& what, Args args);
    // The record of a step that wrote a generation's data, from its result
    // files (written by the `writer` step's command): the data's size (with
    // `games`, every game must be there), the step's time and the
    // positions/s its runs report.
    StepRecord data_record(int gen, Step writer, const std::string& what,
                           const std::vector<std::string>& results, const StepJob& job,
                           std::chrono::steady_clock::time_point t0,
                           std::optional<int64_t> games) const;
    StepRecord outside(int gen);
    StepRecord train(int gen);
    StepRecord gate(int gen);
    StepRecord promote(int gen);
    StepRecord anchor(int gen);
    // The hand-crafted evaluation, or the run's copy of the initial net.
    Player first_player() const {
        if (c_.initial_net.empty()) return {"hce", ""};
        return {"initial", dir_.initial_net_copy().string()};
    }
    // Plays `player` (labelled "start" or "gen-N") against the anchor; the
    // record's keys for it get `prefix`.
    void measure_against_anchor(int gen, const std::string& label, const Player& player,
                                const std::string& prefix, StepRecord& r);
    void apply(Step step, const StepRecord& r);
    void refresh_report(const std::string& status);
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
    StepExecution steps_;
    std::string settings_;

    Player best_;
    double best_elo_ = 0, best_error_ = 0;
};

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
        steps_.execute(*cluster_, job, gen, step,
                       [&](int k) { return fs::exists(results[size_t(k)]); });
    } else {
        steps_.execute(local_, job, gen, step);
    }
    return data_record(gen, step, what, results, job, t0, c_.games);
}

StepRecord Pipeline::data_record(int gen, Step writer, const std::string& what,
                                 const std::vector<std::string>& results, const StepJob& job,
                                 std::chrono::steady_clock::time_point t0,
                                 std::optional<int64_t> games) const {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    DataStepTotals t;
    try {
        t = read_data_step_results(results, step_name(writer));
    } catch (const std::exception& e) {
        throw StepFailed(what + " of gen " + std::to_string(gen) + " left no usable result (" +
                         e.what() + "); see " + job.log);
    }
    if (games && int64_t(t.data.games) != *games)
        throw StepFailed(what + " of gen " + std::to_string(gen) + " ended with " +
                         std::to_string(t.data.games) + " of " + std::to_string(*games) +
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

StepRecord Pipeline::rescore(int gen) {
    StepRecord r = data_step(gen, Step::Rescore, "rescoring",
                             rescore_args(c_, dir_, gen, best_, cluster_ != nullptr));
    r["nodes"] = std::to_string(c_.rescore_nodes);
    if (c_.label_king_danger > 0) r["king_danger"] = std::to_string(c_.label_king_danger);
    return r;
}

StepRecord Pipeline::outside(int gen) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::string log = dir_.log_path(gen, Step::Outside).string();
    const std::string name = job_name(gen, Step::Outside);
    // The games as one job where the run has a cluster, as the anchor's.
    StepRunner& runner = cluster_ ? *cluster_ : local_;
    steps_.execute(runner, {name + "-games", outside_games_args(c_, dir_, gen, best_), log, 0, {}},
                   gen, Step::Outside);
    const GateResult played = read_gate_summary(dir_.outside_summary_path(gen).string());
    steps_.execute(local_, {name + "-import", outside_import_args(c_, dir_, gen), log, 0, {}}, gen,
                   Step::Outside);
    if (const auto by_anchor = outside_anchor_label_args(c_, dir_, gen))
        steps_.execute(runner, {name + "-anchor-label", *by_anchor, log, 0, {}}, gen,
                       Step::Outside);
    const auto results = fresh_result_files(dir_, gen, Step::Outside, 0);
    StepJob label{name + "-label", outside_label_args(c_, dir_, gen, best_), log, 0, {}};
    steps_.execute(runner, label, gen, Step::Outside);
    // Labelled by `data rescore`; unfinished games are not imported, so
    // every imported one is labelled.
    StepRecord r = data_record(gen, Step::Rescore, "labelling of the anchor games", results, label,
                               t0, std::nullopt);
    r["played"] = std::to_string(played.wins + played.losses + played.draws);
    r["wins"] = std::to_string(played.wins);
    r["losses"] = std::to_string(played.losses);
    r["draws"] = std::to_string(played.draws);
    r["score"] = format_number(played.score);
    r["nodes"] = std::to_string(label_nodes(c_));
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
    steps_.execute(cluster_ && c_.train_as_job ? *cluster_ : local_, job, gen, Step::Train, nullptr,
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
    // An imported run trains without the window's data that stayed behind.
    std::string without;
    for (int g : training_window(c_, dir_, gen).without_data)
        without += (without.empty() ? "gen-" : " gen-") + std::to_string(g);
    if (!without.empty()) r["window_without_data"] = without;
    return r;
}

StepRecord Pipeline::gate(int gen) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::string log = dir_.log_path(gen, Step::Gate).string();
    if (cluster_) {
        // A shard's summary is written once its games are all played.
        steps_.execute(
            *cluster_,
            {job_name(gen, Step::Gate), gate_args(c_, dir_, gen, best_, true), log, c_.shards, {}},
            gen, Step::Gate,
            [&](int k) { return fs::exists(gate_shard_pgn(dir_, gen, k) + ".json"); });
        steps_.execute(
            local_,
            {job_name(gen, Step::Gate) + "-merge", gate_merge_args(c_, dir_, gen), log, 0, {}}, gen,
            Step::Gate);
    } else {
        steps_.execute(local_,
                       {job_name(gen, Step::Gate), gate_args(c_, dir_, gen, best_), log, 0, {}},
                       gen, Step::Gate);
    }
    steps_.execute(local_,
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

void Pipeline::measure_against_anchor(int gen, const std::string& label, const Player& player,
                                      const std::string& prefix, StepRecord& r) {
    const std::string log = dir_.log_path(gen, Step::Anchor).string();
    // One match, not an array: a few dozen games, as one job where the run
    // has a cluster so the login node only waits.
    steps_.execute(cluster_ ? *cluster_ : local_,
                   {job_name(gen, Step::Anchor) + "-" + label,
                    anchor_args(c_, dir_, label, player),
                    log,
                    0,
                    {}},
                   gen, Step::Anchor);
    const GateResult g = read_gate_summary(dir_.anchor_summary_path(label).string());
    r[prefix + "player"] = label;
    r[prefix + "wins"] = std::to_string(g.wins);
    r[prefix + "losses"] = std::to_string(g.losses);
    r[prefix + "draws"] = std::to_string(g.draws);
    r[prefix + "score"] = format_number(g.score);
    r[prefix + "elo"] = format_number(std::clamp(g.elo, -MAX_GATE_ELO, MAX_GATE_ELO));
    r[prefix + "elo_error"] = format_number(std::min(g.elo_error, MAX_GATE_ELO));
}

StepRecord Pipeline::anchor(int gen) {
    const auto t0 = std::chrono::steady_clock::now();
    StepRecord r;
    // The first player's figure, the run's zero against the anchor.
    if (gen == 0) measure_against_anchor(gen, "start", first_player(), "start_", r);
    const auto promote_record = dir_.record(gen, Step::Promote);
    if (!promote_record)
        throw StepFailed("anchor match of gen " + std::to_string(gen) + " before its promotion");
    const bool promoted = promote_record->at("promoted") == "yes";
    if (promoted) {
        measure_against_anchor(gen, "gen-" + std::to_string(gen), best_, "", r);
    } else {
        // The best player did not change: its figure stands, unmeasured.
        const std::optional<StepRecord> before =
            gen == 0 ? std::optional<StepRecord>(r) : dir_.record(gen - 1, Step::Anchor);
        if (!before)
            throw StepFailed("anchor match of gen " + std::to_string(gen) +
                             " before the one of gen " + std::to_string(gen - 1));
        const std::string from = gen == 0 ? "start_" : "";
        for (const char* key : {"player", "wins", "losses", "draws", "score", "elo", "elo_error"})
            r[key] = before->at(from + key);
    }
    r["measured"] = promoted ? "yes" : "no";
    r["seconds"] =
        format_number(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
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
        steps_.count_step(true);
        return;
    }
    StepRecord r;
    switch (step) {
        case Step::SelfPlay:
            r = selfplay(gen);
            break;
        case Step::Outside:
            r = outside(gen);
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
        case Step::Anchor:
            r = anchor(gen);
            break;
    }
    // Which binary did the step: a run resumed by another build says where it changed.
    r.emplace("build", util::build_identity_line());
    local_.before_record(gen, step);
    dir_.write_record(gen, step, r);
    apply(step, r);
    steps_.count_step(false);
    refresh_report("generation " + std::to_string(gen) + " " + step_name(step) + " finished " +
                   now_text());
}

void Pipeline::refresh_report(const std::string& status) {
    write_report(dir_, collect_run(dir_, c_.generations), settings_, status);
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
        const util::InterruptWatcher watcher(steps_.interrupted());
        dir_.create();
        if (!check_run_settings(dir_, c_, run_.allow_config_change, settings_, err_)) return 2;
        if (settle_cpu_checkpoint(dir_))
            err_ << "pipeline: the CPU of an attempt killed with the last run is in the ledger\n";
        if (!c_.initial_net.empty()) {
            std::string error;
            if (!pin_initial_net(c_.initial_net, dir_.initial_net_copy(), err_, &error)) {
                err_ << "error: " << error << "\n";
                return 2;
            }
        }
        best_ = first_player();
        try {
            const std::vector<Step> steps = active_steps(c_);
            for (int gen = 0; gen < c_.generations; ++gen)
                for (Step step : steps) run_step(gen, step);
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
        steps_.finish();
        print_summary(c_, dir_, best_, out_);
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
