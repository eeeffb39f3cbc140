// Whole tiny pipelines: real self-play, training and gating matches through
// the pantheon binary.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <thread>

#include "data/file_format.h"
#include "match/match_state.h"
#include "pipeline/cpu_ledger.h"
#include "pipeline/pipeline.h"
#include "pipeline/run_dir.h"
#include "pipeline/run_state.h"
#include "pipeline/step_results.h"
#include "tests/pipeline/args_support.h"
#include "tests/test_dir.h"
#include "util/step_result.h"

namespace pantheon::pipeline {
namespace {

namespace fs = std::filesystem;

// Nets record the date they were made (docs/NNUE.md "Lineage"); fixed for the
// trainer processes these tests start, so a resumed run's nets can be
// compared byte for byte with an uninterrupted run's.
const bool net_dates_fixed = [] { return ::setenv("SOURCE_DATE_EPOCH", "1767225600", 1) == 0; }();

struct Killed {};  // a simulated kill: not a std::exception, so nothing catches it

// A kill inside one step: while the job of that name runs, its progress tick
// polls (every millisecond) until `partial` says the step has done part of
// its work, then kills the pipeline (the step's process gets SIGTERM, as a
// killed pipeline's children do); `done` says the step finished first.
struct KillInside {
    std::string job;  // "gen-0.selfplay"
    std::function<bool()> partial, done;
    bool killed = false;

    void poll() {
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(120);
        while (!done() && std::chrono::steady_clock::now() < give_up) {
            if (partial()) {
                killed = true;
                throw Killed{};
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }
};

class TestRunner : public StepRunner {
  public:
    int kill_at_tick = -1;     // throw Killed from the tick-th progress tick ...
    std::string kill_in_job;   // ... of the jobs whose name holds this (all if empty)
    int kill_after_step = -1;  // throw Killed once this step (0-based) finished
    KillInside* kill_inside = nullptr;
    std::optional<Step> kill_before_record;  // throw Killed when this step is about to be recorded
    int sigterm_at_tick = -1;          // send this process SIGTERM at the tick-th progress tick
    std::function<void()> after_tick;  // called after each progress tick of the pipeline
    // Injected faults: the first fail_times runs of the jobs whose name holds
    // fail_job run this shell command instead (a process that fails).
    std::string fail_job;
    int fail_times = 0;
    std::string fault_command = "echo injected fault; exit 1";
    bool fail_after_work = false;  // run the job itself first, then the fault
    int failed = 0;
    int steps = 0, ticks = 0;
    std::map<std::string, Args> commands;  // job name -> its command line

    void before_record(int, Step step) override {
        if (step == kill_before_record) throw Killed{};
    }

    int run(const StepJob& job, const std::function<void()>& tick) override {
        commands[job.name] = job.args;
        if (!fail_job.empty() && job.name.find(fail_job) != std::string::npos &&
            failed < fail_times) {
            ++failed;
            if (fail_after_work) real_.run(job, tick);
            return run_process("sh", {"-c", fault_command}, job.log, tick);
        }
        const bool counted = job.name.find(kill_in_job) != std::string::npos;
        const bool inside = kill_inside && job.name == kill_inside->job;
        const auto counting_tick = [&] {
            if (counted && ++ticks == kill_at_tick) throw Killed{};
            if (counted && ticks == sigterm_at_tick) ::kill(::getpid(), SIGTERM);
            if (inside && !kill_inside->killed) kill_inside->poll();
            tick();
            if (after_tick) after_tick();
        };
        const int status = real_.run(job, counting_tick);
        if (steps++ == kill_after_step) throw Killed{};
        return status;
    }

  private:
    LocalRunner real_{PANTHEON_BINARY};
};

// Runs an array job as Slurm would, one task after the other: each task
// sees SLURM_ARRAY_TASK_ID/_MIN/_COUNT and its shard number in place of the
// placeholder, and runs as job "<name>.shard-K" (faults can aim at it). So
// the cluster code path (sharded steps, retries of some shards, merges) runs
// without a Slurm installation; scripts/slurm_test.sh runs it on a real one.
class ArrayRunner : public StepRunner {
  public:
    explicit ArrayRunner(TestRunner& tasks) : tasks_(tasks) {}
    int submitted = 0;
    std::vector<std::vector<int>> arrays;  // the shards of each array submitted

    int run(const StepJob& job, const std::function<void()>& tick) override {
        ++submitted;
        if (job.array_tasks <= 0) return tasks_.run(job, tick);
        arrays.push_back(job.shards());
        // As `sbatch --wait`: every task runs; the status is the worst one's.
        int worst = 0;
        for (int k : job.shards()) {
            ::setenv("SLURM_ARRAY_TASK_ID", std::to_string(k).c_str(), 1);
            ::setenv("SLURM_ARRAY_TASK_MIN", std::to_string(job.shards().front()).c_str(), 1);
            ::setenv("SLURM_ARRAY_TASK_COUNT", std::to_string(job.shards().size()).c_str(), 1);
            StepJob task = job;
            task.name += ".shard-" + std::to_string(k);
            task.log = task_log_path(job, k);
            for (std::string& a : task.args)
                for (size_t p; (p = a.find(SHARD_PLACEHOLDER)) != std::string::npos;)
                    a.replace(p, std::string(SHARD_PLACEHOLDER).size(), std::to_string(k));
            worst = std::max(worst, tasks_.run(task, tick));
            for (const char* v :
                 {"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT"})
                ::unsetenv(v);
        }
        return worst;
    }

  private:
    TestRunner& tasks_;
};

PipelineConfig tiny_config() {
    PipelineConfig c;
    c.generations = 2;
    c.games = 8;
    c.chunk_games = 4;
    c.search.nodes = 200;
    c.random_plies_min = 2;
    c.random_plies_max = 6;
    c.threads = 1;
    c.gate_rounds = 2;
    c.gate_nodes = 200;
    c.gate_max_plies = 80;
    c.gate_openings_plies = 4;
    c.concurrency = 1;
    return c;
}

using pantheon::test::TestDir;

// The data files of a directory, summed from their headers.
util::DataSize data_files(const fs::path& dir) {
    util::DataSize size;
    for (const auto& f : fs::directory_iterator(dir)) {
        if (f.path().extension() != ".pgd") continue;
        data::format::FileHeader h;
        std::string error;
        EXPECT_TRUE(data::format::read_header(f.path().string(), h, &error)) << error;
        ++size.files;
        size.games += h.games;
        size.positions += h.positions;
        size.bytes += fs::file_size(f.path());
    }
    return size;
}

util::DataStepResult step_result(const std::string& path) {
    util::DataStepResult r;
    std::string error;
    EXPECT_TRUE(util::read_data_step_result(path, r, &error)) << error;
    return r;
}

// A data step's result file says what its data files hold, and the step's
// record says the same.
void expect_result_matches(const std::string& path, const fs::path& data_dir,
                           const StepRecord& record) {
    const util::DataStepResult r = step_result(path);
    const util::DataSize files = data_files(data_dir);
    EXPECT_EQ(r.data.games, files.games) << path;
    EXPECT_EQ(r.data.positions, files.positions) << path;
    EXPECT_EQ(r.data.files, files.files) << path;
    EXPECT_EQ(r.data.bytes, files.bytes) << path;
    EXPECT_EQ(record.at("games"), std::to_string(files.games));
    EXPECT_EQ(record.at("positions"), std::to_string(files.positions));
    EXPECT_EQ(record.at("files"), std::to_string(files.files));
    EXPECT_EQ(record.at("bytes"), std::to_string(files.bytes));
}

// Runs a pipeline; `arrays` (if any) runs its cluster arrays.
int run(const PipelineRun& r, TestRunner& runner, std::string* err_text = nullptr,
        StepRunner* arrays = nullptr) {
    std::ostringstream out, err;
    const int status = run_pipeline(r, runner, arrays, out, err, false);
    if (err_text) *err_text = err.str() + out.str();
    return status;
}

// Every artifact that must not depend on interruptions: data and net bytes,
// step records without timings, PGNs without clock times and dates (with the
// run directory's path written as RUN).
std::map<std::string, std::string> artifacts(const fs::path& root) {
    std::map<std::string, std::string> files;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (!e.is_regular_file()) continue;
        const std::string rel = fs::relative(e.path(), root).string();
        const std::string ext = e.path().extension().string();
        std::string text = read_file(e.path());
        // Paths name the run directory, which differs between the runs compared.
        for (size_t p; (p = text.find(root.string())) != std::string::npos;)
            text.replace(p, root.string().size(), "RUN");
        if (ext == ".pgd" || ext == ".nnue") {
            files[rel] = text;
        } else if (ext == ".done") {
            text = std::regex_replace(text, std::regex(R"((seconds|positions_per_second) = .*\n)"),
                                      "");
            files[rel] = text;
        } else if (ext == ".pgn") {
            text = std::regex_replace(text, std::regex(R"( [0-9.]+s\})"), "}");
            text = std::regex_replace(text, std::regex(R"(\[Date [^\]]*\]\n)"), "");
            files[rel] = text;
        }
    }
    return files;
}

// The artifacts of `root` are those of `expected`, byte for byte; `when`
// names the interruption in a failure.
void expect_same_artifacts(const std::map<std::string, std::string>& expected, const fs::path& root,
                           const std::string& when) {
    const auto got = artifacts(root);
    for (const auto& [name, bytes] : expected) {
        const auto it = got.find(name);
        ASSERT_NE(it, got.end()) << name << " missing " << when;
        EXPECT_EQ(it->second, bytes) << name << " differs " << when;
    }
}

// The tiny run with an anchor whose games against the best player are
// trained on (outside-rounds).
PipelineConfig outside_games_config() {
    PipelineConfig c = tiny_config();
    c.generations = 1;
    c.anchor = "name=anchor-hce eval=hce";
    c.anchor_limit = "nodes=100";
    c.anchor_player_limit = "nodes=200";
    c.anchor_rounds = 1;
    c.outside_rounds = 2;
    c.outside_limit = "nodes=100";
    return c;
}

TEST(PipelineRun, BadSettingsAreRefused) {
    TestDir dir("bad");
    TestRunner runner;
    PipelineRun r{tiny_config(), dir.path().string(), false};
    r.config.window = 0;
    std::string err;
    EXPECT_EQ(run(r, runner, &err), 2);
    EXPECT_NE(err.find("--window"), std::string::npos) << err;
    EXPECT_EQ(runner.steps, 0);
}

TEST(PipelineRun, TinyPipelineRunsEndToEnd) {
    TestDir dir("e2e");
    TestRunner runner;
    const PipelineRun r{tiny_config(), dir.path().string(), false};
    std::string out;
    ASSERT_EQ(run(r, runner, &out), 0) << out;
    const RunDir d(dir.path());
    for (int g = 0; g < 2; ++g) {
        EXPECT_TRUE(fs::exists(d.net_path(g)));
        EXPECT_TRUE(fs::exists(d.pgn_path(g)));
        EXPECT_TRUE(fs::exists(d.summary_path(g)));
        // The gating games' page, linked from the report.
        EXPECT_NE(read_file(d.games_page_path(g)).find("\"fens\":["), std::string::npos);
        EXPECT_NE(read_file(d.report()).find("href=\"matches/gen-" + std::to_string(g) + ".html\""),
                  std::string::npos);
        // Every step but rescoring, the anchor and its games, which these settings leave out.
        for (Step s : ALL_STEPS)
            EXPECT_EQ(d.record(g, s).has_value(),
                      s != Step::Rescore && s != Step::Anchor && s != Step::Outside)
                << g << " " << step_name(s);
        EXPECT_FALSE(fs::exists(d.rescored_dir(g)));
        EXPECT_EQ(d.record(g, Step::SelfPlay)->at("games"), "8");
        expect_result_matches(d.result_path(g, Step::SelfPlay), d.data_dir(g),
                              *d.record(g, Step::SelfPlay));
        EXPECT_EQ(step_result(d.result_path(g, Step::SelfPlay)).run_games, 8u);
        // The final loss is the last row of the trainer's log.
        const auto curve = read_loss_curve(train_log_csv(d, g));
        ASSERT_FALSE(curve.empty());
        EXPECT_EQ(d.record(g, Step::Train)->at("final_loss"), format_number(curve.back().second));
        EXPECT_EQ(d.record(g, Step::Train)->at("loss_points"), std::to_string(curve.size()));
        const auto gate = d.record(g, Step::Gate);
        EXPECT_EQ(std::stoi(gate->at("wins")) + std::stoi(gate->at("losses")) +
                      std::stoi(gate->at("draws")),
                  4);
    }
    EXPECT_NE(out.find("positions generated"), std::string::npos) << out;
    EXPECT_NE(out.find("report: " + d.report().string()), std::string::npos) << out;
    const std::string html = read_file(d.report());
    EXPECT_NE(html.find("<svg"), std::string::npos);
    // Started again: nothing is redone. The records alone carry finished
    // steps, as in a run directory from before result files existed.
    fs::remove_all(d.root() / "results");
    TestRunner again;
    ASSERT_EQ(run(r, again, &out), 0) << out;
    EXPECT_EQ(again.steps, 0);
}

// The run keeps its own copy of the initial net: replacing the file the
// settings name (a new built-in net) after the run started changes neither
// the net its later steps use nor the run's settings; the run says so.
TEST(PipelineRun, TheInitialNetIsTheRunsOwnCopy) {
    TestDir dir("initial");
    PipelineConfig maker_config = tiny_config();
    maker_config.generations = 1;
    TestRunner maker;
    std::string out;
    ASSERT_EQ(run({maker_config, (dir.path() / "maker").string(), false}, maker, &out), 0) << out;
    const std::string source = (dir.path() / "start.nnue").string();
    fs::copy_file(RunDir(dir.path() / "maker").net_path(0), source);
    const std::string start_bytes = read_file(source);

    PipelineConfig c = tiny_config();
    c.generations = 1;
    c.initial_net = source;
    const PipelineRun r{c, (dir.path() / "run").string(), false};
    const RunDir d(r.dir);
    TestRunner first;
    first.kill_after_step = 0;  // after generation 0's self-play
    try {
        run(r, first);
    } catch (const Killed&) {
    }
    ASSERT_EQ(read_file(d.initial_net_copy()), start_bytes);
    std::ofstream(source, std::ios::trunc) << "replaced";

    TestRunner second;
    ASSERT_EQ(run(r, second, &out), 0) << out;
    EXPECT_NE(out.find("is not the one this run started from"), std::string::npos) << out;
    EXPECT_EQ(read_file(d.initial_net_copy()), start_bytes);
    const Args& gate = second.commands.at("gen-0.gate");
    const auto names_copy = [&](const std::string& a) {
        return a.find(d.initial_net_copy().string()) != std::string::npos;
    };
    EXPECT_TRUE(std::any_of(gate.begin(), gate.end(), names_copy));
    for (const std::string& a : gate) EXPECT_EQ(a.find(source), std::string::npos) << a;
    // The closing summary names the copy the run's Elo is measured against.
    EXPECT_NE(out.find("against the initial net (" + d.initial_net_copy().string() +
                       ", the run's copy of "),
              std::string::npos)
        << out;

    // A run whose initial net is missing from the start is refused.
    PipelineConfig missing = c;
    missing.initial_net = (dir.path() / "none.nnue").string();
    TestRunner refused;
    EXPECT_EQ(run({missing, (dir.path() / "missing").string(), false}, refused, &out), 2);
    EXPECT_NE(out.find("cannot read the initial net"), std::string::npos) << out;
    EXPECT_EQ(refused.steps, 0);
}

// With an anchor, the first player and every promoted one play it under the
// same conditions; a generation that promotes nothing keeps the figure
// unmeasured. The report headlines the gain against the anchor.
TEST(PipelineRun, TheFirstAndEveryPromotedPlayerPlayTheAnchor) {
    TestDir dir("anchor");
    TestRunner runner;
    PipelineRun r{tiny_config(), dir.path().string(), false};
    // Our own engine with the hand-crafted evaluation stands in for an
    // outside one.
    r.config.anchor = "name=anchor-hce eval=hce";
    r.config.anchor_limit = "nodes=100";
    r.config.anchor_player_limit = "nodes=200";
    r.config.anchor_rounds = 1;
    std::string out;
    ASSERT_EQ(run(r, runner, &out), 0) << out;
    const RunDir d(dir.path());
    const auto first = d.record(0, Step::Anchor);
    ASSERT_TRUE(first);
    EXPECT_EQ(first->at("start_player"), "start");
    EXPECT_EQ(std::stoi(first->at("start_wins")) + std::stoi(first->at("start_losses")) +
                  std::stoi(first->at("start_draws")),
              2);
    EXPECT_TRUE(fs::exists(d.anchor_summary_path("start")));
    for (int g = 0; g < 2; ++g) {
        const auto anchor = d.record(g, Step::Anchor);
        ASSERT_TRUE(anchor) << g;
        const bool promoted = d.record(g, Step::Promote)->at("promoted") == "yes";
        EXPECT_EQ(anchor->at("measured"), promoted ? "yes" : "no") << g;
        EXPECT_EQ(fs::exists(d.anchor_summary_path("gen-" + std::to_string(g))), promoted) << g;
        if (promoted) {
            EXPECT_EQ(anchor->at("player"), "gen-" + std::to_string(g));
        } else {
            const auto before = g == 0 ? std::nullopt : d.record(g - 1, Step::Anchor);
            EXPECT_EQ(anchor->at("elo"), g == 0 ? first->at("start_elo") : before->at("elo"));
        }
        // The same openings for every measurement: the run's seed fixes them.
        ASSERT_TRUE(runner.commands.count("gen-0.anchor-start"));
    }
    const std::string html = read_file(d.report());
    EXPECT_NE(html.find("Against the anchor: not rated"), std::string::npos) << html;
    EXPECT_NE(html.find("By its gates"), std::string::npos);
    EXPECT_NE(read_file(d.elo_table()).find("anchor_elo"), std::string::npos);
    // Started again: nothing is redone.
    TestRunner again;
    ASSERT_EQ(run(r, again, &out), 0) << out;
    EXPECT_EQ(again.steps, 0);
}

// Self-play chunks copied in from another run are found complete: the step
// plays nothing, so it has no throughput (not positions over its own short
// time, which read millions per second).
TEST(PipelineRun, CopiedChunksCountNoThroughput) {
    PipelineConfig c = tiny_config();
    c.generations = 1;
    TestDir first("copied_from"), second("copied_to");
    TestRunner runner;
    std::string out;
    ASSERT_EQ(run({c, first.path().string(), false}, runner, &out), 0) << out;
    const RunDir from(first.path()), to(second.path());
    EXPECT_GT(record_number(*from.record(0, Step::SelfPlay), "positions_per_second"), 0);
    fs::create_directories(to.data_dir(0).parent_path());
    fs::copy(from.data_dir(0), to.data_dir(0), fs::copy_options::recursive);
    TestRunner again;
    ASSERT_EQ(run({c, second.path().string(), false}, again, &out), 0) << out;
    const auto record = to.record(0, Step::SelfPlay);
    ASSERT_TRUE(record);
    EXPECT_EQ(record->at("positions"), from.record(0, Step::SelfPlay)->at("positions"));
    EXPECT_EQ(record->at("positions_per_second"), "0");
    EXPECT_NE(read_file(to.report()).find("- (found complete)"), std::string::npos);
}

TEST(PipelineRun, ASignalStopsTheStepRecordsItsCpuAndTheRunResumes) {
    TestDir dir("signal");
    TestRunner runner;
    runner.sigterm_at_tick = 1;
    const PipelineRun r{tiny_config(), dir.path().string(), false};
    std::string out;
    ASSERT_EQ(run(r, runner, &out), 3) << out;
    EXPECT_NE(out.find("interrupted by a signal"), std::string::npos) << out;
    const RunDir d(dir.path());
    EXPECT_FALSE(d.record(1, Step::Promote));
    std::ifstream ledger(d.cpu_ledger());
    std::string line;
    ASSERT_TRUE(std::getline(ledger, line)) << "the stopped attempt's CPU was not recorded";
    EXPECT_EQ(line.rfind("0\tselfplay\t", 0), 0u) << line;
    TestRunner again;
    ASSERT_EQ(run(r, again, &out), 0) << out;
    EXPECT_TRUE(d.record(1, Step::Promote));
}

TEST(PipelineRun, ARunningStepCheckpointsItsCpuAndAKilledOnesIsCountedAtTheNextStart) {
    TestDir dir("cpu_checkpoint");
    const RunDir d(dir.path());
    TestRunner runner;
    bool checkpointed = false;
    runner.after_tick = [&] {
        if (!fs::exists(d.cpu_checkpoint())) return;
        checkpointed = read_file(d.cpu_checkpoint()).rfind("0\tselfplay\t", 0) == 0;
        throw Killed{};
    };
    const PipelineRun r{tiny_config(), dir.path().string(), false};
    EXPECT_THROW(run(r, runner), Killed);
    EXPECT_TRUE(checkpointed) << "the running self-play left no CPU checkpoint";
    // What a pipeline killed with SIGKILL leaves: the checkpoint, no line.
    checkpoint_cpu(d, 0, Step::Gate, 3.25);
    TestRunner again;
    std::string out;
    ASSERT_EQ(run(r, again, &out), 0) << out;
    EXPECT_NE(out.find("killed with the last run is in the ledger"), std::string::npos) << out;
    EXPECT_FALSE(fs::exists(d.cpu_checkpoint()));
    const std::string ledger = read_file(d.cpu_ledger());
    const std::string settled = "0\tgate\t3.250\t" + ledger_machine() + "\n";
    EXPECT_NE(ledger.find(settled), std::string::npos) << ledger;
    EXPECT_EQ(ledger.find(settled), ledger.rfind(settled));
}

// A cluster's tasks run outside the pipeline's process tree: the CPU of
// those that have ended, as the runner reports it, is in a running step's
// checkpoint, so a pipeline killed during a long array does not lose it.
TEST(PipelineRun, TheCheckpointOfARunningStepHoldsItsEndedClusterTasks) {
    TestDir dir("remote_cpu_checkpoint");
    const RunDir d(dir.path());
    constexpr double ENDED_TASKS_SECONDS = 5000;  // far above the local CPU of a tiny step
    struct ClusterRunner : TestRunner {
        double remote_cpu_seconds(const StepJob&) override { return ENDED_TASKS_SECONDS; }
    } runner;
    double checkpointed = -1;
    runner.after_tick = [&] {
        if (!fs::exists(d.cpu_checkpoint())) return;
        std::istringstream line(read_file(d.cpu_checkpoint()));
        std::string gen, step;
        line >> gen >> step >> checkpointed;
        throw Killed{};
    };
    const PipelineRun r{tiny_config(), dir.path().string(), false};
    EXPECT_THROW(run(r, runner), Killed);
    EXPECT_GE(checkpointed, ENDED_TASKS_SECONDS);
    EXPECT_LT(checkpointed, ENDED_TASKS_SECONDS + 60);
}

TEST(PipelineRun, ChangedSettingsAreRefusedUnlessAllowed) {
    TestDir dir("settings");
    TestRunner runner;
    runner.kill_after_step = 0;
    PipelineRun r{tiny_config(), dir.path().string(), false};
    EXPECT_THROW(run(r, runner), Killed);
    r.config.search.nodes = 300;
    TestRunner second;
    std::string err;
    EXPECT_EQ(run(r, second, &err), 2);
    EXPECT_NE(err.find("nodes: '200' -> '300'"), std::string::npos) << err;
    EXPECT_EQ(second.steps, 0);
    r.config.threads = 2;  // no effect on results: not a change
    r.config.search.nodes = 200;
    EXPECT_EQ(run(r, second, &err), 0) << err;
    r.config.gate_rounds = 1;
    r.allow_config_change = true;
    EXPECT_EQ(run(r, second, &err), 0) << err;
    EXPECT_NE(read_file(RunDir(dir.path()).history_file()).find("gate_rounds"), std::string::npos);
}

TEST(PipelineRun, DamagedRunDirectoryIsAClearError) {
    TestDir dir("damaged");
    TestRunner runner;
    runner.kill_after_step = 0;
    const PipelineRun r{tiny_config(), dir.path().string(), false};
    EXPECT_THROW(run(r, runner), Killed);
    const RunDir d(dir.path());
    std::ofstream(d.record_path(0, Step::SelfPlay), std::ios::trunc) << "step = selfplay\n";
    TestRunner second;
    std::string err;
    EXPECT_EQ(run(r, second, &err), 2);
    EXPECT_NE(err.find("damaged step record"), std::string::npos) << err;
    EXPECT_EQ(second.steps, 0);
}

// A run carried to another directory as its state (pipeline/run_state.h):
// the finished generations are not played again, the next one plays and
// trains from the imported best net, and its training window leaves out the
// data that stayed behind, saying so in its record.
TEST(PipelineRun, AnExportedStateGoesOnInAnotherDirectory) {
    TestDir from("from"), to("to");
    PipelineRun r{tiny_config(), from.str(), false};
    r.config.window = 2;
    TestRunner first;
    ASSERT_EQ(run(r, first), 0);
    const fs::path state = to.path() / "state", moved = to.path() / "run";
    EXPECT_EQ(export_run_state(from.path(), state).generations, 2);
    EXPECT_FALSE(fs::exists(state / "data"));
    EXPECT_THROW(export_run_state(to.path(), to.path() / "none"), std::runtime_error);
    EXPECT_EQ(import_run_state(state, moved).generations, 2);
    EXPECT_THROW(import_run_state(state, moved), std::runtime_error);  // not a new directory
    const RunDir d(moved);
    EXPECT_FALSE(d.has_data(1));
    EXPECT_TRUE(d.has_data(2));
    const std::string best_net = d.record(1, Step::Promote)->at("best_net");
    EXPECT_TRUE(best_net.empty() ||
                (best_net.rfind(moved.string() + "/", 0) == 0 && fs::exists(best_net)))
        << best_net;

    r.dir = moved.string();
    r.config.generations = 3;
    TestRunner second;
    std::string out;
    ASSERT_EQ(run(r, second, &out), 0) << out;
    EXPECT_FALSE(second.commands.count("gen-1.selfplay"));
    ASSERT_TRUE(second.commands.count("gen-2.train"));
    for (const auto& [job, args] : second.commands)
        for (const std::string& a : args)
            EXPECT_EQ(a.find(from.str()), std::string::npos) << job << ": " << a;
    const Args& train = second.commands.at("gen-2.train");
    EXPECT_NE(std::find(train.begin(), train.end(), d.data_dir(2).string()), train.end());
    EXPECT_EQ(std::find(train.begin(), train.end(), d.data_dir(1).string()), train.end());
    EXPECT_EQ(d.record(2, Step::Train)->at("window_without_data"), "gen-1");
    // The Elo table goes on from the imported generations.
    std::istringstream elo(read_file(d.elo_table()));
    int rows = 0;
    for (std::string line; std::getline(elo, line);) ++rows;
    EXPECT_EQ(rows, 1 + 3);

    // A damaged state is refused and leaves nothing behind.
    fs::remove(state / "pipeline-settings.txt");
    EXPECT_THROW(import_run_state(state, to.path() / "again"), std::runtime_error);
    fs::remove(state / "state.txt");
    EXPECT_THROW(import_run_state(state, to.path() / "again"), std::runtime_error);
    for (const auto& e : fs::directory_iterator(to.path()))
        EXPECT_TRUE(e.path() == state || e.path() == moved) << e.path();
}

// The data of a sharded step's result files, summed; each file names its
// own shard.
util::DataSize summed_shard_results(const RunDir& d, int gen, Step step, int shards) {
    util::DataSize sum;
    for (int k = 0; k < shards; ++k) {
        const auto r = step_result(d.result_path(gen, step, std::to_string(k)));
        EXPECT_EQ(r.shard_index, k);
        EXPECT_EQ(r.shard_count, shards);
        sum.files += r.data.files;
        sum.games += r.data.games;
        sum.positions += r.data.positions;
        sum.bytes += r.data.bytes;
    }
    return sum;
}

TEST(PipelineRun, ClusterArraysGiveTheResultsOfALocalRun) {
    TestDir local("local"), cluster("cluster");
    TestRunner local_runner;
    std::string out;
    ASSERT_EQ(run({tiny_config(), local.path().string(), false}, local_runner, &out), 0) << out;

    PipelineConfig c = tiny_config();
    c.cluster = Cluster::Slurm;
    c.shards = 3;
    TestRunner tasks;
    ArrayRunner arrays(tasks);
    ASSERT_EQ(run({c, cluster.path().string(), false}, tasks, &out, &arrays), 0) << out;
    EXPECT_EQ(arrays.submitted, 2 * 2);  // self-play and gate arrays of both generations
    const RunDir a(local.path()), b(cluster.path());
    for (int g = 0; g < 2; ++g) {
        for (const auto& f : fs::directory_iterator(a.data_dir(g))) {
            if (f.path().extension() != ".pgd") continue;
            EXPECT_EQ(read_file(f.path()), read_file(b.data_dir(g) / f.path().filename()))
                << f.path();
        }
        for (const char* key : {"wins", "losses", "draws", "elo", "promotes"})
            EXPECT_EQ(a.record(g, Step::Gate)->at(key), b.record(g, Step::Gate)->at(key))
                << "gen " << g << " " << key;
        EXPECT_TRUE(fs::exists(b.pgn_path(g).string() + ".shard-2"));
        // Each shard's result file tells its own share of the games.
        EXPECT_EQ(summed_shard_results(b, g, Step::SelfPlay, 3).games, 8u);
        EXPECT_EQ(a.record(g, Step::SelfPlay)->at("positions"),
                  b.record(g, Step::SelfPlay)->at("positions"));
    }
}

// Lines of the run's CPU ledger for one step of one generation: one per try.
int ledger_lines(const RunDir& d, int gen, Step step) {
    std::ifstream in(d.cpu_ledger());
    const std::string prefix = std::to_string(gen) + "\t" + step_name(step) + "\t";
    int n = 0;
    for (std::string line; std::getline(in, line);) n += line.rfind(prefix, 0) == 0;
    return n;
}

// No pause before a retry: the tests do not wait.
PipelineConfig retrying_config() {
    PipelineConfig c = tiny_config();
    c.generations = 1;
    c.step_retries = 2;
    c.retry_pause_seconds = 0;
    return c;
}

TEST(PipelineFaults, AFailedLocalStepIsRetriedAndTheRunFinishes) {
    TestDir dir("retry_local");
    TestRunner runner;
    runner.fail_job = "gen-0.selfplay";
    runner.fail_times = 1;
    std::string out;
    ASSERT_EQ(run({retrying_config(), dir.path().string(), false}, runner, &out), 0) << out;
    EXPECT_EQ(runner.failed, 1);
    EXPECT_NE(out.find("step gen-0.selfplay failed (exit status 1); see " +
                       RunDir(dir.path()).log_path(0, Step::SelfPlay).string()),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("retrying it in 0 s (retry 1 of 2)"), std::string::npos) << out;
    const RunDir d(dir.path());
    EXPECT_EQ(d.record(0, Step::SelfPlay)->at("games"), "8");
    EXPECT_TRUE(d.record(0, Step::Promote));
    // The failed try's CPU is counted beside the one that finished.
    EXPECT_EQ(ledger_lines(d, 0, Step::SelfPlay), 2);
    EXPECT_EQ(ledger_lines(d, 0, Step::Train), 1);
}

TEST(PipelineFaults, ASignalDuringThePauseBeforeARetryStopsTheRun) {
    TestDir dir("retry_signal");
    PipelineConfig c = retrying_config();
    c.retry_pause_seconds = 600;
    TestRunner runner;
    runner.fail_job = "gen-0.selfplay";
    runner.fail_times = 1;
    // SIGTERM arrives while the pipeline waits to retry. This thread, made
    // before the pipeline's signal watcher, blocks the signal itself, so
    // the watcher takes it as it takes a real one.
    std::thread signal([] {
        sigset_t mask;
        sigemptyset(&mask);
        sigaddset(&mask, SIGTERM);
        pthread_sigmask(SIG_BLOCK, &mask, nullptr);
        std::this_thread::sleep_for(std::chrono::seconds(1));
        ::kill(::getpid(), SIGTERM);
    });
    const auto t0 = std::chrono::steady_clock::now();
    std::string out;
    const int status = run({c, dir.path().string(), false}, runner, &out);
    signal.join();
    EXPECT_EQ(status, 3) << out;
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(60));
    EXPECT_NE(out.find("interrupted by a signal while waiting to retry gen-0.selfplay"),
              std::string::npos)
        << out;
    EXPECT_EQ(ledger_lines(RunDir(dir.path()), 0, Step::SelfPlay), 1);
    // The same command, with no fault, finishes the run.
    TestRunner again;
    c.retry_pause_seconds = 0;
    ASSERT_EQ(run({c, dir.path().string(), false}, again, &out), 0) << out;
}

TEST(PipelineFaults, AFailedTrainingContinuesItsCheckpointOnRetry) {
    // The try fails after the trainer's work (its checkpoint written): the
    // retry continues the checkpoint instead of being refused for it, and
    // the run ends with the artifacts of an undisturbed one.
    PipelineConfig c = retrying_config();
    c.train.batch_size = 64;
    c.train.max_epochs = 2;
    c.train.checkpoint_every = 4;
    TestDir plain("retry_train_plain"), dir("retry_train");
    TestRunner plain_runner;
    std::string out;
    ASSERT_EQ(run({c, plain.path().string(), false}, plain_runner, &out), 0) << out;
    TestRunner runner;
    runner.fail_job = "gen-0.train";
    runner.fail_times = 1;
    runner.fail_after_work = true;
    ASSERT_EQ(run({c, dir.path().string(), false}, runner, &out), 0) << out;
    EXPECT_EQ(runner.failed, 1);
    const Args& retry = runner.commands.at("gen-0.train");
    EXPECT_NE(std::find(retry.begin(), retry.end(), "--resume"), retry.end());
    EXPECT_EQ(ledger_lines(RunDir(dir.path()), 0, Step::Train), 2);
    EXPECT_EQ(artifacts(dir.path()), artifacts(plain.path()));
}

TEST(PipelineFaults, AShardThatFailsEveryTryStopsTheRunNamingIt) {
    PipelineConfig c = retrying_config();
    c.cluster = Cluster::Slurm;
    c.shards = 3;
    c.step_retries = 1;
    TestDir dir("retry_gives_up");
    TestRunner tasks;
    tasks.fail_job = "gen-0.selfplay.shard-1";
    tasks.fail_times = 1000;
    tasks.fault_command = "echo injected fault; kill -KILL $$";
    ArrayRunner arrays(tasks);
    std::string err;
    ASSERT_EQ(run({c, dir.path().string(), false}, tasks, &err, &arrays), 1) << err;
    const RunDir d(dir.path());
    const std::string task_log = d.root().string() + "/logs/gen-0.selfplay.task-1.log";
    EXPECT_NE(err.find("step gen-0.selfplay failed after 2 tries\n  shard 1/3: left no result "
                       "(array job: killed by signal 9"),
              std::string::npos)
        << err;
    EXPECT_NE(err.find("see " + task_log), std::string::npos) << err;
    EXPECT_NE(read_file(task_log).find("injected fault"), std::string::npos);
    // Only the missing shard was tried again; both tries are in the ledger.
    ASSERT_EQ(arrays.arrays.size(), 2u);
    EXPECT_EQ(arrays.arrays[0], (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(arrays.arrays[1], (std::vector<int>{1}));
    EXPECT_EQ(tasks.failed, 2);
    EXPECT_EQ(ledger_lines(d, 0, Step::SelfPlay), 2);
    EXPECT_FALSE(d.record(0, Step::SelfPlay));
    EXPECT_NE(read_file(d.report()).find("stopped: step gen-0.selfplay failed"), std::string::npos);
}

TEST(PipelineFaults, AShardRetriedAloneGivesTheBytesOfAnUndisturbedRun) {
    PipelineConfig c = retrying_config();
    c.cluster = Cluster::Slurm;
    c.shards = 3;
    TestDir plain("retry_plain"), dir("retry_shard");
    TestRunner plain_tasks;
    ArrayRunner plain_arrays(plain_tasks);
    std::string out;
    ASSERT_EQ(run({c, plain.path().string(), false}, plain_tasks, &out, &plain_arrays), 0) << out;
    TestRunner tasks;
    tasks.fail_job = "gen-0.gate.shard-2";  // the gating match's last shard, once
    tasks.fail_times = 1;
    ArrayRunner arrays(tasks);
    ASSERT_EQ(run({c, dir.path().string(), false}, tasks, &out, &arrays), 0) << out;
    EXPECT_EQ(tasks.failed, 1);
    // Self-play, gate, gate retry of shard 2 alone.
    ASSERT_EQ(arrays.arrays.size(), 3u);
    EXPECT_EQ(arrays.arrays[2], (std::vector<int>{2}));
    EXPECT_EQ(ledger_lines(RunDir(dir.path()), 0, Step::Gate),
              ledger_lines(RunDir(plain.path()), 0, Step::Gate) + 1);
    EXPECT_EQ(artifacts(dir.path()), artifacts(plain.path()));
}

TEST(PipelineRun, RescoringTrainsOnRescoredDataAndResumes) {
    PipelineConfig c = tiny_config();
    c.generations = 1;
    c.chunk_games = 2;
    c.rescore_nodes = 1500;
    TestDir whole("rescore_whole");
    TestRunner runner;
    std::string out;
    ASSERT_EQ(run({c, whole.path().string(), false}, runner, &out), 0) << out;
    const RunDir d(whole.path());
    const auto record = d.record(0, Step::Rescore);
    ASSERT_TRUE(record);
    EXPECT_EQ(record->at("games"), "8");
    EXPECT_EQ(record->at("files"), "4");
    EXPECT_EQ(record->at("nodes"), "1500");
    EXPECT_EQ(record->at("player"), "hce");
    EXPECT_EQ(record->at("positions"), d.record(0, Step::SelfPlay)->at("positions"));
    EXPECT_GT(record_number(*record, "positions_per_second"), 0);
    expect_result_matches(d.result_path(0, Step::Rescore), d.rescored_dir(0), *record);
    // The rescored files hold other scores than the self-play ones, and the
    // training read them instead.
    for (const auto& f : fs::directory_iterator(d.data_dir(0))) {
        if (f.path().extension() != ".pgd") continue;
        EXPECT_NE(read_file(f.path()), read_file(d.rescored_dir(0) / f.path().filename()));
    }
    const Args& train = runner.commands.at("gen-0.train");
    ASSERT_GE(train.size(), 4u);
    EXPECT_EQ(train[2], d.rescored_dir(0).string());
    EXPECT_EQ(train[3], "--out");
    EXPECT_NE(read_file(d.log_path(0, Step::Rescore)).find("rescore: 4 files"), std::string::npos);
    const auto settings = read_file(d.settings_file());
    EXPECT_NE(settings.find("rescore_nodes = 1500"), std::string::npos) << settings;
    const auto expected = artifacts(whole.path());
    EXPECT_EQ(expected.count("data/gen-0-rescored/chunk-00000003.pgd"), 1u);
    EXPECT_EQ(expected.count("steps/gen-0000.rescore.done"), 1u);

    // Killed inside the rescoring (its outputs partly written): the same
    // command resumes it and ends with the same artifacts. (Kills between
    // steps are covered for every step by KilledAndResumedReachesTheSameArtifacts.)
    TestDir dir("rescore_resumed");
    const PipelineRun r{c, dir.path().string(), false};
    TestRunner first;
    first.kill_in_job = "rescore";
    first.kill_at_tick = 2;
    EXPECT_THROW(run(r, first), Killed);
    EXPECT_FALSE(RunDir(dir.path()).record(0, Step::Rescore));
    TestRunner second;
    ASSERT_EQ(run(r, second, &out), 0) << out;
    // The rescoring again, training and gate with its games page (promotion runs none).
    EXPECT_EQ(second.steps, 4);
    EXPECT_EQ(artifacts(dir.path()), expected);
}

TEST(PipelineRun, KingDangerLabelsAreAddedToTheSelfplayVerdicts) {
    PipelineConfig c = tiny_config();
    c.generations = 1;
    c.chunk_games = 2;
    c.label_king_danger = 100;
    TestDir dir("king_danger_labels");
    TestRunner runner;
    std::string out;
    ASSERT_EQ(run({c, dir.path().string(), false}, runner, &out), 0) << out;
    const RunDir d(dir.path());
    const auto record = d.record(0, Step::Rescore);
    ASSERT_TRUE(record) << out;
    EXPECT_EQ(record->at("nodes"), "0");
    EXPECT_EQ(record->at("king_danger"), "100");
    EXPECT_EQ(record->at("positions"), d.record(0, Step::SelfPlay)->at("positions"));
    const Args& rescore = runner.commands.at("gen-0.rescore");
    EXPECT_NE(std::find(rescore.begin(), rescore.end(), "--keep-verdicts"), rescore.end());
    // Same games, other labels, and the training read them.
    size_t files = 0, changed = 0;
    for (const auto& f : fs::directory_iterator(d.data_dir(0))) {
        if (f.path().extension() != ".pgd") continue;
        ++files;
        changed += read_file(f.path()) != read_file(d.rescored_dir(0) / f.path().filename());
    }
    EXPECT_EQ(files, 4u);
    EXPECT_GT(changed, 0u);
    EXPECT_EQ(runner.commands.at("gen-0.train").at(2), d.rescored_dir(0).string());
    EXPECT_NE(read_file(d.settings_file()).find("label_king_danger = 100"), std::string::npos);
}

// Games of the best player against the anchor, imported and labelled by its
// search, are trained on beside the self-play; killed anywhere inside, the
// step resumes to the same bytes.
TEST(PipelineRun, GamesAgainstTheAnchorAreLabelledTrainedOnAndResume) {
    PipelineConfig c = outside_games_config();
    TestDir whole("outside_whole");
    TestRunner runner;
    std::string out;
    ASSERT_EQ(run({c, whole.path().string(), false}, runner, &out), 0) << out;
    const RunDir d(whole.path());
    const auto record = d.record(0, Step::Outside);
    ASSERT_TRUE(record) << out;
    EXPECT_EQ(record->at("played"), "4");
    EXPECT_EQ(std::stoi(record->at("wins")) + std::stoi(record->at("losses")) +
                  std::stoi(record->at("draws")),
              4);
    // Every finished game is imported; labelled at the self-play's nodes.
    EXPECT_GE(std::stoi(record->at("games")), 1);
    EXPECT_LE(std::stoi(record->at("games")), 4);
    EXPECT_EQ(record->at("nodes"), "200");
    EXPECT_EQ(record->at("player"), "hce");
    expect_result_matches(d.result_path(0, Step::Outside), d.outside_dir(0), *record);
    // The labelled file holds the search's scores, the imported one zeros.
    const fs::path labelled = d.outside_dir(0) / d.outside_games_file(0).filename();
    ASSERT_TRUE(fs::exists(labelled));
    EXPECT_NE(read_file(labelled), read_file(d.outside_games_file(0)));
    const Args& train = runner.commands.at("gen-0.train");
    ASSERT_GE(train.size(), 4u);
    EXPECT_EQ(train[2], d.data_dir(0).string());
    EXPECT_EQ(train[3], d.outside_dir(0).string());
    EXPECT_NE(read_file(d.settings_file()).find("outside_rounds = 2"), std::string::npos);
    const std::string html = read_file(d.report());
    EXPECT_NE(html.find(" against the anchor</td>"), std::string::npos);
    EXPECT_NE(html.find("self-play / games against the anchor / rescore"), std::string::npos);
    const auto expected = artifacts(whole.path());
    EXPECT_EQ(expected.count("steps/gen-0000.outside.done"), 1u);

    // Killed while playing (some of its games recorded), after the import
    // (runner jobs 0-2: self-play, games, import) and after the labelling,
    // its record not yet written: the same command ends with the same bytes.
    for (const int after_job : {-1, 2, 3}) {
        TestDir dir("outside_resumed");
        const RunDir k(dir.path());
        const auto played = [&] {
            const auto state =
                match::MatchState::load(k.outside_pgn_path(0).string() + ".state.json", nullptr);
            return state ? int(state->games.size()) : 0;
        };
        KillInside inside{"gen-0.outside-games", [&] { return played() >= 1 && played() < 4; },
                          [&] { return fs::exists(k.outside_summary_path(0)); }};
        const PipelineRun r{c, dir.path().string(), false};
        TestRunner first;
        if (after_job < 0)
            first.kill_inside = &inside;
        else
            first.kill_after_step = after_job;
        EXPECT_THROW(run(r, first), Killed);
        if (after_job < 0) {
            EXPECT_TRUE(inside.killed) << "the games ended before they could be killed";
        }
        EXPECT_FALSE(k.record(0, Step::Outside));
        TestRunner second;
        ASSERT_EQ(run(r, second, &out), 0) << out;
        expect_same_artifacts(expected, dir.path(), "after kill " + std::to_string(after_job));
    }
}

// outside-labels = "anchor-mates": the anchor labels its games first (through
// UCI), then the best player labels them again with the anchor's mates kept;
// training reads the second. Killed between the two, the run resumes to the
// same bytes.
TEST(PipelineRun, AnchorMatesLabelTheGamesTwiceAndResume) {
    PipelineConfig c = outside_games_config();
    c.outside_labels = OutsideLabels::AnchorMates;
    c.outside_score_percent = 50;
    TestDir whole("anchor_mates_whole");
    TestRunner runner;
    std::string out;
    ASSERT_EQ(run({c, whole.path().string(), false}, runner, &out), 0) << out;
    const RunDir d(whole.path());
    const Args& by_anchor = runner.commands.at("gen-0.outside-anchor-label");
    const Args& label = runner.commands.at("gen-0.outside-label");
    EXPECT_TRUE(has_pair(by_anchor, "--engine", c.anchor));
    EXPECT_TRUE(has_pair(by_anchor, "--engine-score-percent", "50"));
    EXPECT_TRUE(has_pair(label, "--data", d.outside_anchor_dir(0).string()));
    EXPECT_NE(std::find(label.begin(), label.end(), "--keep-mates"), label.end());
    EXPECT_EQ(std::find(label.begin(), label.end(), "--engine"), label.end());
    const std::string file = d.outside_games_file(0).filename().string();
    const std::string anchor_labels = read_file(d.outside_anchor_dir(0) / file);
    const std::string final_labels = read_file(d.outside_dir(0) / file);
    EXPECT_NE(anchor_labels, read_file(d.outside_games_file(0)));
    EXPECT_NE(final_labels, anchor_labels);  // the best player's verdicts replaced the anchor's
    EXPECT_EQ(runner.commands.at("gen-0.train").at(3), d.outside_dir(0).string());
    const auto record = d.record(0, Step::Outside);
    ASSERT_TRUE(record) << out;
    expect_result_matches(d.result_path(0, Step::Outside), d.outside_dir(0), *record);
    EXPECT_NE(read_file(d.settings_file()).find("outside_labels = anchor-mates"),
              std::string::npos);
    const auto expected = artifacts(whole.path());

    TestDir dir("anchor_mates_resumed");
    const PipelineRun r{c, dir.path().string(), false};
    TestRunner first;
    first.kill_after_step = 3;  // self-play, games, import, the anchor's labels
    EXPECT_THROW(run(r, first), Killed);
    EXPECT_FALSE(RunDir(dir.path()).record(0, Step::Outside));
    TestRunner second;
    ASSERT_EQ(run(r, second, &out), 0) << out;
    expect_same_artifacts(expected, dir.path(), "after the kill");
}

TEST(PipelineRun, RescoringAsAnArrayGivesTheBytesOfALocalRun) {
    PipelineConfig c = tiny_config();
    c.generations = 1;
    c.chunk_games = 2;  // four files: shards of 1, 1 and 2 files
    c.rescore_nodes = 1500;
    TestDir local("rescore_local"), cluster("rescore_cluster");
    TestRunner local_runner;
    std::string out;
    ASSERT_EQ(run({c, local.path().string(), false}, local_runner, &out), 0) << out;
    c.cluster = Cluster::Slurm;
    c.shards = 3;
    TestRunner tasks;
    ArrayRunner arrays(tasks);
    ASSERT_EQ(run({c, cluster.path().string(), false}, tasks, &out, &arrays), 0) << out;
    // Self-play, rescoring and gate arrays.
    EXPECT_EQ(arrays.arrays.size(), 3u);
    const RunDir a(local.path()), b(cluster.path());
    size_t files = 0;
    for (const auto& f : fs::directory_iterator(a.rescored_dir(0))) {
        if (f.path().extension() != ".pgd") continue;
        ++files;
        EXPECT_EQ(read_file(f.path()), read_file(b.rescored_dir(0) / f.path().filename()))
            << f.path();
    }
    EXPECT_EQ(files, 4u);
    EXPECT_EQ(data_files(b.rescored_dir(0)).files, 4u);
    EXPECT_EQ(read_file(a.rescored_dir(0) / "rescore-manifest.txt"),
              read_file(b.rescored_dir(0) / "rescore-manifest.txt"));
    // Each shard's result tells its own files; the record sums them.
    EXPECT_EQ(summed_shard_results(b, 0, Step::Rescore, 3).files, 4u);
    for (const char* key : {"games", "positions", "files", "bytes"})
        EXPECT_EQ(a.record(0, Step::Rescore)->at(key), b.record(0, Step::Rescore)->at(key)) << key;
    // Training read the same rescored data: the same net.
    EXPECT_EQ(read_file(a.net_path(0)), read_file(b.net_path(0)));
}

TEST(PipelineRun, KilledAndResumedReachesTheSameArtifacts) {
    TestDir whole("whole");
    {
        TestRunner runner;
        std::string out;
        ASSERT_EQ(run({tiny_config(), whole.path().string(), false}, runner, &out), 0) << out;
    }
    const auto expected = artifacts(whole.path());
    ASSERT_GE(expected.size(), 10u);
    struct Kill {
        int tick, after_step;
    };
    for (const Kill kill : {Kill{1, -1}, Kill{3, -1}, Kill{8, -1}, Kill{-1, 0}, Kill{-1, 1},
                            Kill{-1, 2}, Kill{-1, 5}}) {
        TestDir dir("resumed");
        const PipelineRun r{tiny_config(), dir.path().string(), false};
        TestRunner first;
        first.kill_at_tick = kill.tick;
        first.kill_after_step = kill.after_step;
        try {
            run(r, first);
        } catch (const Killed&) {
        }
        TestRunner second;
        std::string out;
        ASSERT_EQ(run(r, second, &out), 0) << out;
        expect_same_artifacts(expected, dir.path(),
                              "after kill at tick " + std::to_string(kill.tick) + " / after step " +
                                  std::to_string(kill.after_step));
    }
}

// One generation whose training writes checkpoints on the way (every 4 of
// its steps), so a kill inside it finds some of its work done.
PipelineConfig one_generation() {
    PipelineConfig c = tiny_config();
    c.generations = 1;
    c.train.batch_size = 64;
    c.train.max_epochs = 2;
    c.train.checkpoint_every = 4;
    return c;
}

// Games the gating match's state file records so far.
int gate_games(const RunDir& d) {
    const auto state = match::MatchState::load(d.pgn_path(0).string() + ".state.json", nullptr);
    return state ? int(state->games.size()) : 0;
}

// Kills a pipeline inside `kill`'s step (without one: as `hook_step` is
// about to be recorded, which for promote is inside it), runs it again, and
// compares every artifact with an uninterrupted run.
// `killed_dir` is the running test's: its KillInside watches it.
void expect_resumed_run_matches(const fs::path& killed_dir, KillInside* kill, Step hook_step,
                                const std::string& name) {
    const TestDir whole("whole");
    TestRunner plain;
    std::string out;
    ASSERT_EQ(run({one_generation(), whole.path().string(), false}, plain, &out), 0) << out;
    const auto expected = artifacts(whole.path());

    const PipelineRun r{one_generation(), killed_dir.string(), false};
    TestRunner first;
    first.kill_inside = kill;
    if (!kill) first.kill_before_record = hook_step;
    EXPECT_THROW(run(r, first), Killed);
    if (kill) {
        EXPECT_TRUE(kill->killed) << "the step ended before it could be killed";
    }
    EXPECT_FALSE(RunDir(killed_dir).record(0, hook_step));  // killed before its record

    TestRunner second;
    ASSERT_EQ(run(r, second, &out), 0) << out;
    EXPECT_EQ(artifacts(killed_dir).size(), expected.size());
    expect_same_artifacts(expected, killed_dir, "after a kill inside " + name);
}

TEST(PipelineKilledInside, SelfPlay) {
    const TestDir killed("killed");
    const RunDir d(killed.path());
    // Killed once the first of its two chunks is published.
    KillInside kill{"gen-0.selfplay",
                    [&] { return fs::exists(d.data_dir(0) / "chunk-00000000.pgd"); },
                    [&] { return fs::exists(d.data_dir(0) / "chunk-00000001.pgd"); }};
    expect_resumed_run_matches(killed.path(), &kill, Step::SelfPlay, "selfplay");
}

TEST(PipelineKilledInside, Train) {
    const TestDir killed("killed");
    const RunDir d(killed.path());
    // Killed once it wrote a checkpoint, before its net.
    const fs::path ckpt = fs::path(d.net_path(0)).replace_extension(".ckpt");
    KillInside kill{"gen-0.train", [&] { return fs::exists(ckpt) && !fs::exists(d.net_path(0)); },
                    [&] { return fs::exists(d.net_path(0)); }};
    expect_resumed_run_matches(killed.path(), &kill, Step::Train, "train");
}

TEST(PipelineKilledInside, Gate) {
    const TestDir killed("killed");
    const RunDir d(killed.path());
    // Killed once one of its four games is recorded.
    KillInside kill{"gen-0.gate", [&] { return gate_games(d) >= 1 && gate_games(d) < 4; },
                    [&] { return fs::exists(d.summary_path(0)); }};
    expect_resumed_run_matches(killed.path(), &kill, Step::Gate, "gate");
}

TEST(PipelineKilledInside, Promote) {
    // Promotion runs in the pipeline itself: killed after deciding, before
    // its record is published.
    const TestDir killed("killed");
    expect_resumed_run_matches(killed.path(), nullptr, Step::Promote, "promote");
}

}  // namespace
}  // namespace pantheon::pipeline
