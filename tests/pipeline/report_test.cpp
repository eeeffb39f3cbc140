#include "pipeline/report.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "pipeline/step_commands.h"
#include "pipeline/step_results.h"
#include "tests/test_dir.h"

namespace pantheon::pipeline {
namespace {

namespace fs = std::filesystem;

// The running test's directory, laid out as a run.
struct TempRun : pantheon::test::TestDir {
    TempRun() { RunDir(path()).create(); }
};

// A self-play step's record: 10 games and `positions`, at 900 positions/s.
void write_selfplay_record(const RunDir& run, int gen, int positions) {
    run.write_record(gen, Step::SelfPlay,
                     {{"games", "10"},
                      {"positions", std::to_string(positions)},
                      {"bytes", "2000"},
                      {"positions_per_second", "900"}});
}

TEST(PipelineRecords, WrittenAtomicallyAndReadBack) {
    TempRun t;
    const RunDir run(t.path());
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
    const fs::path p = t.path() / "s.json";
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
    const RunDir run(t.path());
    for (int g = 0; g < 3; ++g) {
        write_selfplay_record(run, g, 500 + g);
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
    const RunView view = collect_run(run, 5);
    ASSERT_EQ(view.generations.size(), 3u);
    EXPECT_EQ(view.generations[1].loss.size(), 2u);
    write_report(run, view, "nodes = 1000\n", "finished");
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
    // A gate's games page (`pantheon view`) is linked from its W-L-D, by a
    // path relative to the report.
    write_file_atomically(run.games_page_path(1), "<!DOCTYPE html>");
    const std::string linked = report_html(collect_run(run, 5), "", "finished");
    EXPECT_NE(
        linked.find("<a href=\"matches/gen-1.html\" title=\"the games on a board\">6-4-0</a>"),
        std::string::npos);
    EXPECT_EQ(linked.find("gen-0.html"), std::string::npos);
}

// The anchor's figure is the headline: the best player's Elo against the
// anchor less the first player's, the two intervals combined, per CPU-hour;
// the gates' figure follows it, and both are plotted side by side.
TEST(PipelineReport, TheAnchorFigureIsTheHeadline) {
    TempRun t;
    const RunDir run(t.path());
    const char* promoted[] = {"yes", "no", "yes"};
    for (int g = 0; g < 3; ++g) {
        write_selfplay_record(run, g, 500);
        run.write_record(g, Step::Promote,
                         {{"promoted", promoted[g]},
                          {"candidate_elo", "100"},
                          {"candidate_error", "30"},
                          {"best", "gen-" + std::to_string(g)},
                          {"best_elo", std::to_string(100 * (g + 1))},
                          {"best_error", "30"}});
        StepRecord anchor = {{"player", g == 1 ? "gen-0" : "gen-" + std::to_string(g)},
                             {"elo", g == 2 ? "-20" : "-100"},
                             {"elo_error", g == 2 ? "40" : "30"},
                             {"measured", promoted[g]}};
        if (g == 0) {
            anchor["start_elo"] = "-200";
            anchor["start_elo_error"] = "30";
        }
        run.write_record(g, Step::Anchor, anchor);
        append_cpu(run, g, Step::SelfPlay, 3600);
        append_cpu(run, g, Step::Anchor, 360);
    }
    const RunView view = collect_run(run, 3);
    const auto a = anchor_gain(view);
    ASSERT_TRUE(a);
    EXPECT_DOUBLE_EQ(a->gain(), 180);
    EXPECT_DOUBLE_EQ(a->gain_error(), 50);
    EXPECT_EQ(a->best_player, "gen-2");
    EXPECT_NEAR(a->cpu_hours, 3.3, 1e-9);
    write_report(run, view, "", "finished");
    const std::string html = read_file(run.report());
    const size_t anchor_line = html.find("Against the anchor: +54.5 &plusmn; 15.2 Elo per CPU-hour");
    const size_t gates_line = html.find("Elo per CPU-hour: +90.9");
    ASSERT_NE(anchor_line, std::string::npos) << html;
    ASSERT_NE(gates_line, std::string::npos) << html;
    EXPECT_LT(anchor_line, gates_line);
    EXPECT_NE(html.find("a gain of +180.0 &plusmn; 50.0"), std::string::npos);
    EXPECT_NE(html.find("gates and anchor"), std::string::npos);
    // Generation 1 promoted nothing: its figure stands, shown in brackets.
    EXPECT_NE(html.find("<td>(-100.0 &plusmn; 30.0)</td>"), std::string::npos);
    size_t svgs = 0;
    for (size_t p = html.find("<svg"); p != std::string::npos; p = html.find("<svg", p + 1)) ++svgs;
    EXPECT_EQ(svgs, 7u);
    const std::string table = read_file(run.elo_table());
    EXPECT_NE(table.find("\tanchor_elo\tanchor_error95\n"), std::string::npos);
    EXPECT_NE(table.find("\t-20\t40\n"), std::string::npos) << table;
}

TEST(PipelineReport, EloPerCpuHourFromTheLedger) {
    TempRun t;
    const RunDir run(t.path());
    for (int g = 0; g < 2; ++g) {
        write_selfplay_record(run, g, 500);
        run.write_record(g, Step::Promote,
                         {{"promoted", "yes"},
                          {"candidate_elo", std::to_string(30 * (g + 1))},
                          {"candidate_error", "10"},
                          {"best", "gen-" + std::to_string(g)},
                          {"best_elo", std::to_string(30 * (g + 1))},
                          {"best_error", "12"}});
    }
    EXPECT_FALSE(elo_per_cpu_hour(collect_run(run, 2)));  // no CPU recorded yet
    append_cpu(run, 0, Step::SelfPlay, 3600);
    append_cpu(run, 0, Step::Train, 900);
    append_cpu(run, 1, Step::SelfPlay, 1800);  // a resumed step: two attempts
    append_cpu(run, 1, Step::SelfPlay, 1800);
    append_cpu(run, 1, Step::Gate, 1800);
    {
        std::ofstream torn(run.cpu_ledger(), std::ios::app);
        torn << "1\tgate\t";  // cut short by a kill: skipped
    }
    const RunView view = collect_run(run, 2);
    const auto& gens = view.generations;
    EXPECT_DOUBLE_EQ(gens[0].cpu_hours(), 1.25);
    EXPECT_DOUBLE_EQ(gens[1].cpu_hours(Step::SelfPlay), 1.0);
    EXPECT_DOUBLE_EQ(gens[1].cpu_hours(), 1.5);
    const auto e = elo_per_cpu_hour(view);
    ASSERT_TRUE(e);
    EXPECT_DOUBLE_EQ(e->cpu_hours, 2.75);
    EXPECT_DOUBLE_EQ(e->elo, 60);
    EXPECT_TRUE(e->rated());
    EXPECT_NEAR(e->per_hour(), 60 / 2.75, 1e-9);
    EXPECT_NEAR(e->per_hour_error(), 12 / 2.75, 1e-9);  // the Elo interval, carried over
    write_report(run, view, "", "finished");
    EXPECT_NE(read_file(run.report()).find("Elo per CPU-hour: +21.8 &plusmn; 4.4"),
              std::string::npos);
    const std::string table = read_file(run.elo_table());
    EXPECT_NE(table.find("\t1.250\t1.250\t-\t-\n"), std::string::npos);
    EXPECT_NE(table.find("\t1.500\t2.750\t-\t-\n"), std::string::npos);
}

// A run moved between machines: the ledger names each line's machine and
// the report gives each one's CPU-hours; lines from before machines were
// recorded (three fields) still count.
TEST(PipelineReport, CpuByMachine) {
    TempRun t;
    const RunDir run(t.path());
    write_selfplay_record(run, 0, 500);
    {
        std::ofstream ledger(run.cpu_ledger(), std::ios::app);
        ledger << "0\tselfplay\t3600\n0\tgate\t1800\tnode-b (Some CPU 9000, 2 cores)\n";
    }
    append_cpu(run, 0, Step::Train, 7200);
    const CpuLedger ledger = read_cpu_ledger(run);
    ASSERT_EQ(ledger.seconds_by_machine.size(), 3u);
    EXPECT_DOUBLE_EQ(ledger.seconds_by_machine.at(""), 3600);
    EXPECT_DOUBLE_EQ(ledger.seconds_by_machine.at("node-b (Some CPU 9000, 2 cores)"), 1800);
    EXPECT_DOUBLE_EQ(ledger.seconds_by_machine.at(ledger_machine()), 7200);
    EXPECT_EQ(ledger_machine().find_first_of("\t\n"), std::string::npos);
    const RunView view = collect_run(run, 1);
    EXPECT_DOUBLE_EQ(view.generations[0].cpu_hours(), 3.5);
    const std::string html = machines_html(view);
    EXPECT_NE(html.find("CPU counted on 3 machines"), std::string::npos) << html;
    EXPECT_NE(html.find("lines that name no machine: 1.00 CPU-hours"), std::string::npos) << html;
    EXPECT_NE(html.find("node-b (Some CPU 9000, 2 cores): 0.50 CPU-hours"), std::string::npos)
        << html;

    // One machine is named once; a ledger naming none says nothing.
    RunView one;
    one.cpu_hours_by_machine["host-a"] = 2;
    EXPECT_EQ(machines_html(one), "<p>CPU counted on host-a.</p>\n");
    RunView none;
    none.cpu_hours_by_machine[""] = 2;
    EXPECT_EQ(machines_html(none), "");
}

// Records of `generations` generations as a run leaves them: the candidate of
// generation g gains `elo_step` Elo, each generation spends `cpu_seconds` of
// self-play at `rate` positions/s.
void synthesize_run(const RunDir& run, int generations, double elo_step, double cpu_seconds,
                    const std::string& rate) {
    for (int g = 0; g < generations; ++g) {
        const std::string elo = std::to_string(elo_step * (g + 1));
        run.write_record(g, Step::SelfPlay,
                         {{"games", "1000"},
                          {"positions", "90000"},
                          {"bytes", "3000000"},
                          {"positions_per_second", rate}});
        run.write_record(g, Step::Train, {{"final_loss", "0.1"}});
        run.write_record(g, Step::Gate,
                         {{"wins", "70"},
                          {"losses", "60"},
                          {"draws", "70"},
                          {"elo", std::to_string(elo_step)},
                          {"elo_error", "40"},
                          {"sprt", ""}});
        run.write_record(g, Step::Promote,
                         {{"promoted", "yes"},
                          {"candidate_elo", elo},
                          {"candidate_error", "40"},
                          {"best", "gen-" + std::to_string(g)},
                          {"best_elo", elo},
                          {"best_error", "40"}});
        write_file_atomically(train_log_csv(run, g),
                              "step,positions,epoch,train_loss,val_loss\n1,64,0,0.5,\n"
                              "60,3840,9,0.2,0.25\n");
        append_cpu(run, g, Step::SelfPlay, cpu_seconds);
    }
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
    return n;
}

// The quick start: one generation on 36 CPU-seconds after 12 CPU-minutes of
// making the seed net. No rate blown up by the tiny cost, no "-0" generation,
// no axis of a lone point from -1 to 1 or 2926 to 2928.
TEST(PipelineReport, OneGenerationReadsWell) {
    TempRun t;
    const RunDir run(t.path());
    synthesize_run(run, 1, 176.3, 36, "2927.4");
    {
        std::ofstream ledger(run.cpu_ledger(), std::ios::app);
        ledger << "-\tinitial-net\t700\n-\tinitial-net\t20\n";  // two attempts
    }
    const RunView view = collect_run(run, 1);
    EXPECT_DOUBLE_EQ(view.initial_net_cpu_hours, 0.2);
    EXPECT_DOUBLE_EQ(view.cpu_hours(), 0.21);
    const auto e = elo_per_cpu_hour(view);
    ASSERT_TRUE(e);
    EXPECT_FALSE(e->rated());
    write_report(run, view, "", "finished");
    const std::string html = read_file(run.report());
    EXPECT_NE(html.find("Elo per CPU-hour: not rated</b> (the run is too short: 0.21 CPU-hours of "
                        "making the initial net (0.20 CPU-hours) and self-play"),
              std::string::npos)
        << html;
    EXPECT_NE(html.find("+176.3 &plusmn; 40.0 Elo over the first player"), std::string::npos);
    // A run of seconds says seconds, not "0.0 CPU-minutes".
    RunView tiny = view;
    tiny.initial_net_cpu_hours = 1.8 / 3600;
    tiny.generations[0].cpu.fill(0);
    tiny.generations[0].cpu[0] = 6;
    EXPECT_NE(report_html(tiny, "", "")
                  .find("7.8 CPU-seconds of making the initial net (1.8 "
                        "CPU-seconds)"),
              std::string::npos);
    EXPECT_EQ(html.find("Elo per CPU-hour: +"), std::string::npos);
    EXPECT_EQ(html.find(">-0<"), std::string::npos);
    EXPECT_EQ(html.find(">-1<"), std::string::npos);  // no generation -1
    EXPECT_EQ(html.find(">2928<"), std::string::npos);
    EXPECT_NE(html.find(">3000</text>"), std::string::npos);
    // Elo by CPU-hours: the first player at the seed's cost, then the best.
    EXPECT_NE(html.find(">0.20</text>"), std::string::npos) << html;
    // The table: CPU in minutes, not "0.00" hours.
    EXPECT_NE(html.find("<td>0.6 / 0.0 / 0.0 / 0.0 / 0.0</td>"), std::string::npos);
    const std::string table = read_file(run.elo_table());
    EXPECT_NE(table.find("\t0.010\t0.210\t-\t-\n"), std::string::npos) << table;
}

// A long run: 50 generations, 25 CPU-hours. A rate with its interval, the
// newest generations' loss curves only, every generation in the table.
TEST(PipelineReport, FiftyGenerationsReadWell) {
    TempRun t;
    const RunDir run(t.path());
    synthesize_run(run, 50, 10, 1800, "3100");
    const RunView view = collect_run(run, 50);
    ASSERT_EQ(view.generations.size(), 50u);
    const auto e = elo_per_cpu_hour(view);
    ASSERT_TRUE(e);
    EXPECT_TRUE(e->rated());
    write_report(run, view, "", "finished");
    const std::string html = read_file(run.report());
    EXPECT_NE(html.find("Elo per CPU-hour: +20.0 &plusmn; 1.6</b>"), std::string::npos) << html;
    EXPECT_NE(html.find("Loss by training step (the newest 8 generations)"), std::string::npos);
    EXPECT_NE(html.find(">gen 49</text>"), std::string::npos);
    EXPECT_NE(html.find(">gen 42</text>"), std::string::npos);
    EXPECT_EQ(html.find(">gen 41</text>"), std::string::npos);
    EXPECT_EQ(count(html, "<tr><td>"), 50u);
    EXPECT_EQ(html.find(">-0<"), std::string::npos);
    // Generation ticks every ten; positions in thousands.
    EXPECT_NE(html.find(">40</text>"), std::string::npos);
    EXPECT_NE(html.find(">20k</text>"), std::string::npos) << html;
    const std::string table = read_file(run.elo_table());
    EXPECT_EQ(std::count(table.begin(), table.end(), '\n'), 51);
    EXPECT_NE(table.find("\t0.500\t25.000\t-\t-\n"), std::string::npos);
}

// Self-play that found every chunk complete (copied in) did no work: no
// throughput in the table or the plot, where a rate from the step's time
// would have read millions of positions per second.
TEST(PipelineReport, WorkFoundCompleteHasNoThroughput) {
    TempRun t;
    const RunDir run(t.path());
    synthesize_run(run, 2, 10, 60, "3100");
    auto copied = *run.record(1, Step::SelfPlay);
    copied["positions_per_second"] = "0";
    fs::remove(run.record_path(1, Step::SelfPlay));
    run.write_record(1, Step::SelfPlay, copied);
    const RunView view = collect_run(run, 2);
    EXPECT_TRUE(measured_throughput(*view.generations[0].selfplay));
    EXPECT_FALSE(measured_throughput(*view.generations[1].selfplay));
    const std::string html = report_html(view, "", "finished");
    EXPECT_NE(html.find("<td>- (found complete)</td>"), std::string::npos);
    EXPECT_EQ(count(html, "<title>self-play positions/s:"), 1u);
    EXPECT_EQ(html.find("nan"), std::string::npos);
}

}  // namespace
}  // namespace pantheon::pipeline
