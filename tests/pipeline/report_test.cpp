#include "pipeline/report.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "pipeline/step_commands.h"
#include "pipeline/step_results.h"

namespace pantheon::pipeline {
namespace {

namespace fs = std::filesystem;

struct TempRun {
    fs::path path =
        fs::temp_directory_path() / ("pantheon_report_test_" + std::to_string(::getpid()));
    TempRun() {
        fs::remove_all(path);
        RunDir(path).create();
    }
    ~TempRun() { fs::remove_all(path); }
};

TEST(PipelineRecords, WrittenAtomicallyAndReadBack) {
    TempRun t;
    const RunDir run(t.path);
    EXPECT_FALSE(run.record(0, Step::Train));
    run.write_record(0, Step::Train, {{"final_loss", "0.5"}});
    const auto r = run.record(0, Step::Train);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->at("final_loss"), "0.5");
    EXPECT_EQ(
        std::distance(fs::directory_iterator(run.record_path(0, Step::Train).parent_path()), {}),
        1);  // the record, no temporary file
    // A record cut short (or for another step) is refused with its name.
    write_file_atomically(run.record_path(1, Step::Gate), "step = gate\ngeneration = 1\n");
    EXPECT_THROW(run.record(1, Step::Gate), std::runtime_error);
    write_file_atomically(run.record_path(2, Step::Gate), "\x01garbage");
    try {
        run.record(2, Step::Gate);
        FAIL() << "a damaged record was accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("gen-0002.gate.done"), std::string::npos);
    }
}

TEST(PipelineResults, GateSummaryAndPromotion) {
    TempRun t;
    const fs::path p = t.path / "s.json";
    write_file_atomically(p, R"({"pairings":[{"first":"gen-1","second":"hce","wins":7,"losses":3,
        "draws":0,"estimate":{"score":0.7,"elo":147.2,"elo_error95":120.5}}],
        "sprt":{"llr":1.2,"decision":"continue"}})");
    const GateResult g = read_gate_summary(p.string());
    EXPECT_EQ(g.wins, 7);
    EXPECT_DOUBLE_EQ(g.elo, 147.2);
    EXPECT_EQ(g.sprt, "continue");
    EXPECT_FALSE(promotes(g));  // an undecided SPRT does not promote
    GateResult fixed = g;
    fixed.sprt.clear();
    EXPECT_TRUE(promotes(fixed));
    fixed.score = 0.5;
    EXPECT_FALSE(promotes(fixed));
    write_file_atomically(p, "{\"pairings\":[]}");
    EXPECT_THROW(read_gate_summary(p.string()), std::runtime_error);
}

// A summary as `pantheon match` wrote it before nlohmann::json (numbers to 10
// significant digits, integral ones without a decimal point).
TEST(PipelineResults, GateSummaryOfTheEarlierWriter) {
    const GateResult g = read_gate_summary(PANTHEON_MATCH_FIXTURES "/earlier_writer.json");
    EXPECT_EQ(g.wins, 1);
    EXPECT_EQ(g.losses, 1);
    EXPECT_EQ(g.draws, 0);
    EXPECT_EQ(g.score, 0.5);
    EXPECT_EQ(g.elo_error, 34.02072958);
    EXPECT_TRUE(g.sprt.empty());
}

TEST(PipelineReport, SelfContainedPageFromRecordedResults) {
    TempRun t;
    const RunDir run(t.path);
    for (int g = 0; g < 3; ++g) {
        run.write_record(g, Step::SelfPlay,
                         {{"games", "10"},
                          {"positions", std::to_string(500 + g)},
                          {"bytes", "2000"},
                          {"positions_per_second", "900"}});
        run.write_record(g, Step::Train, {{"final_loss", "0.1"}});
        run.write_record(g, Step::Gate,
                         {{"wins", "6"},
                          {"losses", "4"},
                          {"draws", "0"},
                          {"elo", "70.4"},
                          {"elo_error", "50"},
                          {"sprt", "<none>"}});
        run.write_record(g, Step::Promote,
                         {{"promoted", "yes"},
                          {"candidate_elo", std::to_string(70 * (g + 1))},
                          {"candidate_error", "50"},
                          {"best", "gen-" + std::to_string(g)},
                          {"best_elo", std::to_string(70 * (g + 1))}});
    }
    write_file_atomically(
        train_log_csv(run, 1),
        "step,positions,epoch,train_loss,val_loss\n1,64,0,0.5,\n2,128,0,0.25,0.3\n");
    const auto gens = collect_generations(run, 5);
    ASSERT_EQ(gens.size(), 3u);
    EXPECT_EQ(gens[1].loss.size(), 2u);
    write_report(run, gens, "nodes = 1000\n", "finished");
    const std::string html = read_file(run.report());
    size_t svgs = 0;
    for (size_t p = html.find("<svg"); p != std::string::npos; p = html.find("<svg", p + 1)) ++svgs;
    EXPECT_EQ(svgs, 5u);
    EXPECT_NE(html.find("210"), std::string::npos);           // the last candidate's Elo
    EXPECT_NE(html.find("&lt;none&gt;"), std::string::npos);  // escaped
    EXPECT_EQ(html.find("<script"), std::string::npos);       // self-contained, no scripts
    EXPECT_EQ(html.find("src="), std::string::npos);
    EXPECT_EQ(html.find("href="), std::string::npos);
    const std::string table = read_file(run.elo_table());
    EXPECT_EQ(std::count(table.begin(), table.end(), '\n'), 4);
}

TEST(PipelineReport, EloPerCpuHourFromTheLedger) {
    TempRun t;
    const RunDir run(t.path);
    for (int g = 0; g < 2; ++g) {
        run.write_record(g, Step::SelfPlay,
                         {{"games", "10"},
                          {"positions", "500"},
                          {"bytes", "2000"},
                          {"positions_per_second", "900"}});
        run.write_record(g, Step::Promote,
                         {{"promoted", "yes"},
                          {"candidate_elo", std::to_string(30 * (g + 1))},
                          {"candidate_error", "10"},
                          {"best", "gen-" + std::to_string(g)},
                          {"best_elo", std::to_string(30 * (g + 1))},
                          {"best_error", "12"}});
    }
    EXPECT_FALSE(elo_per_cpu_hour(collect_generations(run, 2)));  // no CPU recorded yet
    append_cpu(run, 0, Step::SelfPlay, 3600);
    append_cpu(run, 0, Step::Train, 900);
    append_cpu(run, 1, Step::SelfPlay, 1800);  // a resumed step: two attempts
    append_cpu(run, 1, Step::SelfPlay, 1800);
    append_cpu(run, 1, Step::Gate, 1800);
    {
        std::ofstream torn(run.cpu_ledger(), std::ios::app);
        torn << "1\tgate\t";  // cut short by a kill: skipped
    }
    const auto gens = collect_generations(run, 2);
    EXPECT_DOUBLE_EQ(gens[0].cpu_hours(), 1.25);
    EXPECT_DOUBLE_EQ(gens[1].cpu_hours(Step::SelfPlay), 1.0);
    EXPECT_DOUBLE_EQ(gens[1].cpu_hours(), 1.5);
    const auto e = elo_per_cpu_hour(gens);
    ASSERT_TRUE(e);
    EXPECT_DOUBLE_EQ(e->cpu_hours, 2.75);
    EXPECT_DOUBLE_EQ(e->elo, 60);
    EXPECT_NEAR(e->per_hour(), 60 / 2.75, 1e-9);
    write_report(run, gens, "", "finished");
    EXPECT_NE(read_file(run.report()).find("Elo per CPU-hour: +21.8"), std::string::npos);
    const std::string table = read_file(run.elo_table());
    EXPECT_NE(table.find("\t1.250\t1.250\n"), std::string::npos);
    EXPECT_NE(table.find("\t1.500\t2.750\n"), std::string::npos);
}

}  // namespace
}  // namespace pantheon::pipeline
