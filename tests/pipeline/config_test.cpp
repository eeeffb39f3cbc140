#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>

#include "pipeline/pipeline_config.h"
#include "pipeline/run_dir.h"
#include "pipeline/step_commands.h"
#include "pipeline/step_runner.h"
#include "tests/pipeline/args_support.h"
#include "tests/test_dir.h"

namespace pantheon::pipeline {
namespace {

namespace fs = std::filesystem;

TEST(PipelineConfig, ValidatesSettings) {
    PipelineConfig c;
    EXPECT_EQ(validate(c), "");
    c.generations = 0;
    EXPECT_NE(validate(c), "");
    c = {};
    c.sprt = {0, 5, 0.05};
    EXPECT_NE(validate(c).find("sprt"), std::string::npos);
    c = {};
    c.search.nodes = 0;
    EXPECT_NE(validate(c).find("--nodes"), std::string::npos);
    c.search.depth = 6;  // a depth alone limits the search too
    EXPECT_EQ(validate(c), "");
}

TEST(PipelineConfig, SettingsDifferencesNameTheKeys) {
    PipelineConfig a, b = a;
    EXPECT_TRUE(settings_differences(settings_text(a), settings_text(b)).empty());
    b.threads = 7;  // no effect on results
    b.concurrency = 5;
    b.cluster = Cluster::Slurm;
    b.train.threads = 16;
    EXPECT_TRUE(settings_differences(settings_text(a), settings_text(b)).empty());
    b.search.nodes = a.search.nodes + 1;
    const auto d = settings_differences(settings_text(a), settings_text(b));
    ASSERT_EQ(d.size(), 1u);
    EXPECT_NE(d[0].find("nodes"), std::string::npos) << d[0];
    EXPECT_FALSE(settings_differences("garbage\n", settings_text(a)).empty());
}

TEST(PipelineCommands, TrainCommandFollowsTheContract) {
    PipelineConfig c;
    c.window = 2;
    c.train.data = {"/more"};
    c.train.max_steps = 10;
    c.train.lr = 0.002f;
    c.train.lr_schedule = trainer::LrSchedule::Step;
    const RunDir run("/r");
    const Args a = train_args(c, run, 3, {"gen-1", "/r/nets/gen-1.nnue"}, std::string("/ck"));
    // The window's data, then the configured data sets; the settings that are
    // not the trainer's defaults, by name.
    const Args expected = {"train",
                           "--data",
                           "/r/data/gen-2",
                           "/r/data/gen-3",
                           "/more",
                           "--out",
                           "/r/nets/gen-3.nnue",
                           "--note",
                           "pipeline generation 3, best player gen-1",
                           "--init",
                           "/r/nets/gen-1.nnue",
                           "--resume",
                           "/ck",
                           "--max-steps",
                           "10",
                           "--lr",
                           "0.002",
                           "--lr-schedule",
                           "step"};
    EXPECT_EQ(a, expected);
    // Generation 0 from the hand-crafted eval: no --init; the window is clipped.
    const Args first = train_args(c, run, 0, {"hce", ""}, std::nullopt);
    EXPECT_EQ(std::count(first.begin(), first.end(), "--init"), 0);
    EXPECT_EQ(first[2], "/r/data/gen-0");
    EXPECT_EQ(first[3], "/more");
    EXPECT_EQ(first[4], "--out");
}

TEST(PipelineConfig, TrainingSettingsAreRecordedWhenNotTheDefaults) {
    PipelineConfig a, b;
    EXPECT_EQ(settings_text(a).find("train_"), std::string::npos);
    b.train.max_epochs = 4;
    b.train.threads = 16;  // no effect on results
    b.train.lr_schedule = trainer::LrSchedule::Constant;
    auto d = settings_differences(settings_text(a), settings_text(b));
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d[0], "train_lr_schedule: (not recorded) -> 'constant'");
    EXPECT_EQ(d[1], "train_max_epochs: (not recorded) -> '4'");
    b = {};
    b.train.data = {"runs/a", "runs/b"};
    d = settings_differences(settings_text(a), settings_text(b));
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0], "train_data: (not recorded) -> 'runs/a runs/b'");
    // Runs recorded when training took argument strings hold them empty
    // unless used: such a run continues under the same settings.
    const std::string before = settings_text(a) + "train_args = \ntrain_config = \n";
    EXPECT_TRUE(settings_differences(before, settings_text(a)).empty());
    const std::string used = settings_text(a) + "train_args = --max-epochs 4\n";
    EXPECT_EQ(settings_differences(used, settings_text(a)).size(), 1u);
}

TEST(PipelineCommands, SelfplayAndGateUseTheBestPlayer) {
    PipelineConfig c;
    const RunDir run("/r");
    const Args sp = selfplay_args(c, run, 1, {"gen-0", "/r/nets/gen-0.nnue"});
    EXPECT_NE(std::find(sp.begin(), sp.end(), "--net"), sp.end());
    const Args hce = selfplay_args(c, run, 0, {"hce", ""});
    EXPECT_EQ(std::find(hce.begin(), hce.end(), "--net"), hce.end());
    EXPECT_NE(selfplay_seed(c, 0), selfplay_seed(c, 1));
    // The search limits, every one of them, as the pipeline holds them.
    c.search = {.nodes = 300, .depth = 7, .hash_mb = 4};
    const Args limited = selfplay_args(c, run, 0, {"hce", ""});
    const auto nodes = std::find(limited.begin(), limited.end(), "--nodes");
    ASSERT_LT(nodes + 5, limited.end());
    EXPECT_EQ(Args(nodes, nodes + 6), (Args{"--nodes", "300", "--depth", "7", "--hash", "4"}));
    // Each leaves its result file; a sharded run one per shard.
    auto after = [](const Args& a, const std::string& key) {
        const auto it = std::find(a.begin(), a.end(), key);
        return it == a.end() || it + 1 == a.end() ? std::string() : *(it + 1);
    };
    EXPECT_EQ(after(hce, "--result"), "/r/results/gen-0.selfplay.json");
    EXPECT_EQ(after(selfplay_args(c, run, 0, {"hce", ""}, true), "--result"),
              "/r/results/gen-0.selfplay.shard-" + std::string(SHARD_PLACEHOLDER) + ".json");
    const Args g = gate_args(c, run, 2, {"hce", ""});
    EXPECT_NE(std::find(g.begin(), g.end(), "name=gen-2 nodes=2000 eval=\"/r/nets/gen-2.nnue\""),
              g.end());
    // Without a net the hand-crafted evaluation is asked for: our engine's
    // default is its built-in net.
    EXPECT_NE(std::find(g.begin(), g.end(), "name=hce nodes=2000 eval=hce"), g.end());
}

// Every measurement of a run against the anchor plays under the same
// conditions: only our player's name and net differ between them.
TEST(PipelineCommands, AnchorMatchesOfARunDifferOnlyInThePlayer) {
    PipelineConfig c;
    c.anchor = "cmd=/opp/fsf option.UCI_Variant=mansindam";
    c.anchor_limit = "nodes=30000";
    c.anchor_player_limit = "tc=10+0.1";
    const RunDir run("/r");
    const Args start = anchor_args(c, run, "start", {"hce", ""});
    const Args later = anchor_args(c, run, "gen-3", {"gen-3", "/r/nets/gen-3.nnue"});
    ASSERT_EQ(start.size(), later.size());
    std::vector<std::string> differing;
    for (size_t i = 0; i < start.size(); ++i)
        if (start[i] != later[i]) differing.push_back(start[i] + " | " + later[i]);
    EXPECT_EQ(differing, (std::vector<std::string>{
                             "name=start tc=10+0.1 eval=hce | "
                             "name=gen-3 tc=10+0.1 eval=\"/r/nets/gen-3.nnue\"",
                             "anchor start | anchor gen-3",
                             "/r/matches/anchor-start.pgn | /r/matches/anchor-gen-3.pgn",
                             "/r/matches/anchor-start.json | /r/matches/anchor-gen-3.json"}));
    // The anchor is named unless its spec names it, and its limit comes last.
    EXPECT_NE(std::find(start.begin(), start.end(),
                        "name=anchor cmd=/opp/fsf option.UCI_Variant=mansindam nodes=30000"),
              start.end());
    c.anchor = "name=fsf cmd=/opp/fsf";
    const Args named = anchor_args(c, run, "start", {"hce", ""});
    EXPECT_NE(std::find(named.begin(), named.end(), "name=fsf cmd=/opp/fsf nodes=30000"),
              named.end());
    // Another run seed, other openings.
    PipelineConfig other = c;
    other.seed = c.seed + 1;
    EXPECT_NE(anchor_args(other, run, "start", {"hce", ""}), named);
}

TEST(PipelineConfig, AnchorSettingsAreValidatedAndRecordedWhenUsed) {
    PipelineConfig c;
    EXPECT_EQ(settings_text(c).find("anchor"), std::string::npos);
    c.anchor = "name=fsf cmd=/opp/fsf";
    EXPECT_NE(settings_text(c).find("anchor = name=fsf cmd=/opp/fsf\n"), std::string::npos);
    EXPECT_NE(settings_text(c).find("anchor_limit = nodes=20000\n"), std::string::npos);
    EXPECT_EQ(validate(c), "");
    c.anchor_rounds = 0;
    EXPECT_NE(validate(c).find("--anchor-rounds"), std::string::npos);
    c.anchor_rounds = 10;
    c.anchor_limit = "";
    EXPECT_NE(validate(c).find("--anchor-limit"), std::string::npos);
}

TEST(PipelineConfig, OutsideGamesNeedAnAnchorAndAreRecordedWhenUsed) {
    PipelineConfig c;
    c.outside_rounds = 100;
    EXPECT_NE(validate(c).find("--outside-rounds needs an --anchor"), std::string::npos);
    c.anchor = "name=fsf cmd=/opp/fsf";
    EXPECT_EQ(validate(c), "");
    EXPECT_NE(settings_text(c).find("outside_rounds = 100\n"), std::string::npos);
    EXPECT_NE(settings_text(c).find("outside_limit = nodes=1000\n"), std::string::npos);
    // The labeller is recorded only where it is not the best player, so that
    // runs recorded before the setting existed keep their settings.
    EXPECT_EQ(settings_text(c).find("outside_labels"), std::string::npos);
    c.outside_labels = OutsideLabels::HandCrafted;
    EXPECT_NE(settings_text(c).find("outside_labels = hand-crafted\n"), std::string::npos);
    EXPECT_EQ(settings_text(c).find("outside_score_percent"), std::string::npos);
    // The anchor's own labels, with the scale of its centipawns into ours.
    c.outside_labels = OutsideLabels::Anchor;
    c.outside_score_percent = 170;
    EXPECT_EQ(validate(c), "");
    EXPECT_NE(settings_text(c).find("outside_labels = anchor\n"), std::string::npos);
    EXPECT_NE(settings_text(c).find("outside_score_percent = 170\n"), std::string::npos);
    c.outside_labels = OutsideLabels::AnchorMates;
    EXPECT_NE(settings_text(c).find("outside_labels = anchor-mates\n"), std::string::npos);
    EXPECT_NE(settings_text(c).find("outside_score_percent = 170\n"), std::string::npos);
    c.outside_score_percent = 0;
    EXPECT_NE(validate(c).find("--outside-score-percent"), std::string::npos);
    c.outside_score_percent = 100;
    c.outside_limit = "";
    EXPECT_NE(validate(c).find("--outside-limit"), std::string::npos);
    c.outside_rounds = -1;
    EXPECT_NE(validate(c).find("--outside-rounds must be >= 0"), std::string::npos);
    // Off, nothing of it is recorded: runs recorded before it keep their settings.
    c.outside_rounds = 0;
    EXPECT_EQ(settings_text(c).find("outside"), std::string::npos);
}

TEST(PipelineCommands, OutsideGamesAreLabelledAtTheNodesThatLabelTheSelfPlay) {
    PipelineConfig c;
    c.variant = "pandemonium";
    c.anchor = "name=fsf cmd=/opp/fsf";
    c.outside_rounds = 50;
    c.outside_limit = "nodes=700";
    c.search.nodes = 5000;
    const RunDir run("/r");
    const Player best{"gen-2", "/r/nets/gen-2.nnue"};
    const Args games = outside_games_args(c, run, 3, best);
    EXPECT_TRUE(has_pair(games, "--rounds", "50"));
    EXPECT_TRUE(has_pair(games, "--engine", "name=gen-2 nodes=700 eval=\"/r/nets/gen-2.nnue\""));
    EXPECT_TRUE(has_pair(games, "--engine", "name=fsf cmd=/opp/fsf nodes=700"));
    EXPECT_TRUE(has_pair(games, "--variant", "pandemonium"));
    EXPECT_TRUE(has_pair(games, "--pgn", run.outside_pgn_path(3).string()));
    // Each generation has openings of its own, and not the anchor measurements'.
    EXPECT_NE(outside_games_args(c, run, 4, best), games);
    const Args import = outside_import_args(c, run, 3);
    EXPECT_TRUE(has_pair(import, "import-pgn", run.outside_pgn_path(3).string()));
    EXPECT_TRUE(has_pair(import, "--out", run.outside_games_file(3).string()));
    EXPECT_TRUE(has_pair(import, "--variant", "pandemonium"));
    Args label = outside_label_args(c, run, 3, best);
    EXPECT_TRUE(has_pair(label, "--data", run.outside_games_file(3).string()));
    EXPECT_TRUE(has_pair(label, "--out", run.outside_dir(3).string()));
    EXPECT_TRUE(has_pair(label, "--net", best.net));
    EXPECT_TRUE(has_pair(label, "--nodes", "5000"));
    c.rescore_nodes = 20000;
    label = outside_label_args(c, run, 3, best);
    EXPECT_TRUE(has_pair(label, "--nodes", "20000"));
    // Labelled by the hand-crafted evaluation's search: no net is given.
    c.outside_labels = OutsideLabels::HandCrafted;
    label = outside_label_args(c, run, 3, best);
    EXPECT_EQ(std::find(label.begin(), label.end(), "--net"), label.end());
    EXPECT_TRUE(has_pair(label, "--nodes", "20000"));
    EXPECT_EQ(std::find(label.begin(), label.end(), "--engine"), label.end());
    // Labelled by the anchor engine through UCI, at the same nodes, scaled.
    c.outside_labels = OutsideLabels::Anchor;
    c.outside_score_percent = 170;
    label = outside_label_args(c, run, 3, best);
    EXPECT_EQ(std::find(label.begin(), label.end(), "--net"), label.end());
    EXPECT_TRUE(has_pair(label, "--nodes", "20000"));
    EXPECT_TRUE(has_pair(label, "--engine", c.anchor));
    EXPECT_TRUE(has_pair(label, "--engine-score-percent", "170"));
    EXPECT_FALSE(outside_anchor_label_args(c, run, 3));
    // The anchor's mates: the anchor labels first, the best player's search
    // labels the anchor's labels again and keeps their mates.
    c.outside_labels = OutsideLabels::AnchorMates;
    const auto by_anchor = outside_anchor_label_args(c, run, 3);
    ASSERT_TRUE(by_anchor);
    EXPECT_TRUE(has_pair(*by_anchor, "--data", run.outside_games_file(3).string()));
    EXPECT_TRUE(has_pair(*by_anchor, "--out", run.outside_anchor_dir(3).string()));
    EXPECT_TRUE(has_pair(*by_anchor, "--engine", c.anchor));
    EXPECT_TRUE(has_pair(*by_anchor, "--engine-score-percent", "170"));
    EXPECT_TRUE(has_pair(*by_anchor, "--nodes", "20000"));
    EXPECT_EQ(std::find(by_anchor->begin(), by_anchor->end(), "--net"), by_anchor->end());
    label = outside_label_args(c, run, 3, best);
    EXPECT_TRUE(has_pair(label, "--data", run.outside_anchor_dir(3).string()));
    EXPECT_TRUE(has_pair(label, "--out", run.outside_dir(3).string()));
    EXPECT_TRUE(has_pair(label, "--net", best.net));
    EXPECT_TRUE(has_pair(label, "--nodes", "20000"));
    EXPECT_NE(std::find(label.begin(), label.end(), "--keep-mates"), label.end());
    EXPECT_EQ(std::find(label.begin(), label.end(), "--engine"), label.end());
}

TEST(PipelineCommands, TheGameAndSetupReachThePlayingSteps) {
    PipelineConfig c;
    const RunDir run("/r");
    // Mansindam's commands and recorded settings read as before.
    for (const Args& a :
         {selfplay_args(c, run, 0, {"hce", ""}), gate_args(c, run, 0, {"hce", ""})}) {
        EXPECT_EQ(std::find(a.begin(), a.end(), "--variant"), a.end());
        EXPECT_EQ(std::find(a.begin(), a.end(), "--setup"), a.end());
    }
    EXPECT_EQ(settings_text(c).find("variant"), std::string::npos);
    c.variant = "pandemonium";
    c.setup = 5;
    EXPECT_EQ(validate(c), "");
    for (const Args& a :
         {selfplay_args(c, run, 0, {"hce", ""}), gate_args(c, run, 0, {"hce", ""})}) {
        EXPECT_TRUE(has_pair(a, "--variant", "pandemonium"));
        EXPECT_TRUE(has_pair(a, "--setup", "5"));
    }
    PipelineConfig m;
    const auto d = settings_differences(settings_text(m), settings_text(c));
    EXPECT_EQ(d.size(), 2u);
    c.variant = "chess";
    EXPECT_NE(validate(c).find("--variant"), std::string::npos);
    c.variant = "pandemonium";
    c.book = "b.epd";
    EXPECT_NE(validate(c).find("--setup"), std::string::npos);
}

TEST(PipelineCommands, RescoringUsesTheBestPlayerAndFeedsTraining) {
    PipelineConfig c;
    c.rescore_nodes = 20000;
    c.threads = 3;
    const fs::path root =
        fs::temp_directory_path() / ("pantheon_rescore_cmd_" + std::to_string(::getpid()));
    fs::remove_all(root);
    const RunDir run(root);
    const Args a = rescore_args(c, run, 1, {"gen-0", "/n/gen-0.nnue"});
    const Args expected = {"data",      "rescore",
                           "--data",    (root / "data/gen-1").string(),
                           "--out",     (root / "data/gen-1-rescored").string(),
                           "--nodes",   "20000",
                           "--threads", "3",
                           "--result",  (root / "results/gen-1.rescore.json").string(),
                           "--net",     "/n/gen-0.nnue"};
    EXPECT_EQ(a, expected);
    const Args hce = rescore_args(c, run, 0, {"hce", ""});
    EXPECT_EQ(std::find(hce.begin(), hce.end(), "--net"), hce.end());
    // An array task's share: its shard and its own result file.
    const Args sharded = rescore_args(c, run, 0, {"hce", ""}, true);
    const auto shard = std::find(sharded.begin(), sharded.end(), "--shard");
    ASSERT_NE(shard, sharded.end());
    EXPECT_EQ(*(shard + 1), std::string(SHARD_PLACEHOLDER) + "/" + std::to_string(c.shards));
    EXPECT_NE(std::find(sharded.begin(), sharded.end(),
                        run.result_path(0, Step::Rescore, SHARD_PLACEHOLDER)),
              sharded.end());

    // Training reads a generation's rescored data once its rescore step is recorded.
    run.create();
    run.write_record(1, Step::Rescore, {{"games", "1"}});
    c.window = 2;
    const Args t = train_args(c, run, 1, {"hce", ""}, std::nullopt);
    EXPECT_EQ(t[2], (root / "data/gen-0").string());
    EXPECT_EQ(t[3], (root / "data/gen-1-rescored").string());
    fs::remove_all(root);
}

// `on` differs from the defaults in one setting, recorded as `key` = `value`;
// off (the default) it is not recorded, so runs recorded before the setting
// existed read as before.
void expect_recorded_only_when_on(const PipelineConfig& on, const std::string& key,
                                  const std::string& value) {
    const PipelineConfig off;
    EXPECT_EQ(settings_text(off).find(key), std::string::npos);
    const auto d = settings_differences(settings_text(off), settings_text(on));
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0], key + ": (not recorded) -> '" + value + "'");
}

TEST(PipelineCommands, KingDangerLabelsReachEveryLabellingStep) {
    PipelineConfig c;
    c.label_king_danger = 100;
    c.search.nodes = 5000;
    const RunDir run("/r");
    const Player best{"gen-0", "/n/gen-0.nnue"};
    const auto has = [](const Args& a, const std::string& s) {
        return std::find(a.begin(), a.end(), s) != a.end();
    };
    // Without rescore-nodes the self-play verdicts are kept: nothing is searched.
    Args a = rescore_args(c, run, 1, best);
    EXPECT_TRUE(has(a, "--keep-verdicts"));
    EXPECT_FALSE(has(a, "--nodes"));
    EXPECT_FALSE(has(a, "--net"));
    EXPECT_EQ(*(std::find(a.begin(), a.end(), "--king-danger") + 1), "100");
    // With it, searched by the best player and the term added.
    c.rescore_nodes = 20000;
    a = rescore_args(c, run, 1, best);
    EXPECT_FALSE(has(a, "--keep-verdicts"));
    EXPECT_TRUE(has(a, "--net"));
    EXPECT_TRUE(has(a, "--king-danger"));
    // The anchor games' labels take it too.
    EXPECT_TRUE(has(outside_label_args(c, run, 1, best), "--king-danger"));
    c.label_king_danger = 0;
    EXPECT_FALSE(has(rescore_args(c, run, 1, best), "--king-danger"));

    PipelineConfig on;
    on.label_king_danger = 50;
    expect_recorded_only_when_on(on, "label_king_danger", "50");
    on.label_king_danger = 5000;
    EXPECT_NE(validate(on).find("--label-king-danger"), std::string::npos);
}

TEST(PipelineConfig, RescoreNodesAreRecordedWhenUsed) {
    PipelineConfig on;
    on.rescore_nodes = 8000;
    // Off (the default): recorded settings read as before the option existed.
    EXPECT_EQ(settings_text(PipelineConfig{}).find("rescore"), std::string::npos);
    expect_recorded_only_when_on(on, "rescore_nodes", "8000");
    on.rescore_nodes = -1;
    EXPECT_NE(validate(on).find("--rescore-nodes"), std::string::npos);
}

TEST(PipelineConfig, APlayoutCapReachesSelfplayAndIsRecordedWhenOn) {
    PipelineConfig off, on;
    on.playout_cap = {0.25, 1000};
    EXPECT_EQ(settings_text(off).find("cheap"), std::string::npos);
    const auto d = settings_differences(settings_text(off), settings_text(on));
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d[0], "cheap_nodes: (not recorded) -> '1000'");
    EXPECT_EQ(d[1], "full_search_share: (not recorded) -> '0.250000'");

    const RunDir run("/r");
    const auto value_of = [](const Args& a, const std::string& option) -> std::string {
        const auto it = std::find(a.begin(), a.end(), option);
        return it == a.end() || it + 1 == a.end() ? "(absent)" : *(it + 1);
    };
    const Args with_cap = selfplay_args(on, run, 0, {"hce", ""});
    EXPECT_EQ(value_of(with_cap, "--full-search-share"), "0.250000");
    EXPECT_EQ(value_of(with_cap, "--cheap-nodes"), "1000");
    EXPECT_EQ(value_of(selfplay_args(off, run, 0, {"hce", ""}), "--cheap-nodes"), "(absent)");

    on.playout_cap.cheap_nodes = on.search.nodes;
    EXPECT_NE(validate(on).find("--cheap-nodes"), std::string::npos);
    on.playout_cap = {0.0, 1000};
    EXPECT_NE(validate(on).find("--full-search-share"), std::string::npos);
}

TEST(PipelineSlurm, ScriptRunsOneShardPerTask) {
    PipelineConfig c;
    c.shards = 3;
    const RunDir run("/r");
    SlurmRunner slurm("/bin/pantheon", "/r/slurm", {});
    StepJob job{
        "gen-0.gate", gate_args(c, run, 0, {"hce", ""}, true), "/r/logs/gen-0.gate.log", 3, {}};
    const std::string s = slurm.script(job);
    EXPECT_NE(s.find("#SBATCH --array=0,1,2\n"), std::string::npos) << s;
    EXPECT_NE(s.find("#SBATCH --output=/r/logs/gen-0.gate.task-%a.log\n"), std::string::npos) << s;
    // Preempted tasks come back and add to their log.
    EXPECT_NE(s.find("#SBATCH --requeue\n"), std::string::npos) << s;
    EXPECT_NE(s.find("#SBATCH --open-mode=append\n"), std::string::npos) << s;
    EXPECT_NE(s.find("gen-0.pgn.shard-'\"$SHARD\"'"), std::string::npos) << s;
    // The array index is the shard, given explicitly: a retry of some shards
    // runs those shards.
    EXPECT_NE(s.find("SHARD=${SLURM_ARRAY_TASK_ID:-0}\n"), std::string::npos) << s;
    EXPECT_NE(s.find("'--shard' ''\"$SHARD\"'/3'"), std::string::npos) << s;
    EXPECT_EQ(s.find(SHARD_PLACEHOLDER), std::string::npos) << s;
    job.only_shards = {1, 2};
    EXPECT_NE(slurm.script(job).find("#SBATCH --array=1,2\n"), std::string::npos);
    EXPECT_EQ(task_log_path(job, 2), "/r/logs/gen-0.gate.task-2.log");
    const Args merge = gate_merge_args(c, run, 0);
    EXPECT_EQ(merge[2], "/r/matches/gen-0.pgn.shard-0.state.json");
    EXPECT_EQ(merge[4], "/r/matches/gen-0.pgn.shard-2.state.json");
    // The games page shows every shard's PGN, shards counted from 0.
    const Args page = gate_games_page_args(c, run, 0, true);
    EXPECT_EQ(page[1], "/r/matches/gen-0.pgn.shard-0");
    EXPECT_EQ(page[3], "/r/matches/gen-0.pgn.shard-2");
}

TEST(PipelineSlurm, ExitCausesInWords) {
    EXPECT_EQ(exit_cause(1), "exit status 1");
    EXPECT_EQ(exit_cause(128 + 9).rfind("killed by signal 9 (", 0), 0u) << exit_cause(137);
}

TEST(PipelineConfig, RetriesAreValidated) {
    PipelineConfig c;
    EXPECT_EQ(validate(c), "");
    c.step_retries = -1;
    EXPECT_NE(validate(c).find("--step-retries"), std::string::npos);
    c.step_retries = 0;
    c.retry_pause_seconds = -1;
    EXPECT_NE(validate(c).find("--retry-pause-seconds"), std::string::npos);
    // Retries change no result: not a recorded setting.
    PipelineConfig other;
    other.step_retries = 5;
    EXPECT_EQ(settings_text(other), settings_text(PipelineConfig{}));
}

// Writes an executable shell script.
void write_script(const fs::path& path, const std::string& body) {
    write_file_atomically(path, "#!/bin/sh\n" + body);
    fs::permissions(path, fs::perms::owner_all);
}

TEST(PipelineSlurm, AFailedTasksCauseIsItsSlurmState) {
    // Stand-ins for the Slurm commands, first in PATH: the array job 77
    // ends with task 1 timed out and task 2 preempted, as sacct tells.
    const pantheon::test::TestDir test_dir;
    const fs::path& dir = test_dir.path();
    fs::create_directories(dir / "bin");
    write_script(dir / "bin/sbatch", "echo 'Submitted batch job 77'\nexit 1\n");
    write_script(dir / "bin/scancel", "exit 0\n");
    write_script(dir / "bin/sacct",
                 "[ \"$2\" = 77 ] || exit 1\n"
                 "echo '77_0|COMPLETED|0:0'\necho '77_1|TIMEOUT|0:0'\n"
                 "echo '77_2|PREEMPTED|0:15'\n");
    const std::string path = ::getenv("PATH");
    ::setenv("PATH", ((dir / "bin").string() + ":" + path).c_str(), 1);
    SlurmRunner slurm("/bin/pantheon", (dir / "slurm").string(), {});
    StepJob job{"gen-0.selfplay", {"selfplay"}, (dir / "gen-0.selfplay.log").string(), 3, {}};
    // Before any submission the runner cannot tell.
    EXPECT_EQ(slurm.shard_state(job, 1), "");
    EXPECT_EQ(slurm.run(job, nullptr), 1);
    EXPECT_EQ(slurm.shard_state(job, 1), "Slurm state TIMEOUT, exit code 0:0");
    EXPECT_EQ(slurm.shard_state(job, 2), "Slurm state PREEMPTED, exit code 0:15");
    // Without accounting (sacct fails) the pipeline falls back on the exit status.
    write_script(dir / "bin/sacct", "echo 'accounting storage is disabled' >&2\nexit 1\n");
    EXPECT_EQ(slurm.shard_state(job, 1), "");
    ::setenv("PATH", path.c_str(), 1);
}

TEST(PipelineSlurm, TasksReportTheirCpuForTheLedger) {
    // A stand-in sbatch that runs the array's tasks one after the other as
    // job 88, and a "binary" that spends some CPU.
    const pantheon::test::TestDir test_dir;
    const fs::path& dir = test_dir.path();
    fs::create_directories(dir / "bin");
    write_script(dir / "bin/sbatch",
                 "for script; do :; done\necho 'Submitted batch job 88'\n"
                 "for k in 0 1; do SLURM_ARRAY_JOB_ID=88 SLURM_ARRAY_TASK_ID=$k bash \"$script\" "
                 "|| exit 1; done\n");
    write_script(dir / "bin/scancel", "exit 0\n");
    write_script(dir / "busy", "i=0\nwhile [ $i -lt 300000 ]; do i=$((i + 1)); done\n");
    const std::string path = ::getenv("PATH");
    ::setenv("PATH", ((dir / "bin").string() + ":" + path).c_str(), 1);
    SlurmRunner slurm((dir / "busy").string(), (dir / "slurm").string(), {});
    StepJob job{"gen-0.selfplay", {"selfplay"}, (dir / "gen-0.selfplay.log").string(), 2, {}};
    EXPECT_EQ(slurm.remote_cpu_seconds(job), 0);  // nothing submitted yet
    const auto t0 = std::clock();
    ASSERT_EQ(slurm.run(job, nullptr), 0);
    const double local = double(std::clock() - t0) / CLOCKS_PER_SEC;
    EXPECT_TRUE(fs::exists(dir / "slurm/gen-0.selfplay.cpu-88.task-0.try-0"));
    EXPECT_TRUE(fs::exists(dir / "slurm/gen-0.selfplay.cpu-88.task-1.try-0"));
    // Each task's loop takes a good fraction of a CPU-second; this process
    // only waited.
    EXPECT_GT(slurm.remote_cpu_seconds(job), 0.1);
    EXPECT_LT(local, 0.1);
    ::setenv("PATH", path.c_str(), 1);
}

// Where the runner keeps the CPU of task 0 of job `job_id` (first try).
fs::path task_cpu_file(const fs::path& dir, int job_id) {
    return dir / ("slurm/gen-0.selfplay.cpu-" + std::to_string(job_id) + ".task-0.try-0");
}

// Shell lines that wait (60 s at most) until task 0's CPU file holds a
// sample of at least `seconds` CPU-seconds, then kill the task's group
// outright. Waiting for the sample, not for a fixed time, keeps the test
// independent of how loaded the machine is.
std::string kill_after_a_sample_of(const fs::path& dir, int job_id, double seconds) {
    const long ticks = std::lround(seconds * double(::sysconf(_SC_CLK_TCK)));
    return "n=0\nwhile [ $n -lt 1200 ]; do\n"
           "  t=$(awk '$1 == \"ticks\" {print $2}' '" +
           task_cpu_file(dir, job_id).string() +
           "' 2>/dev/null)\n"
           "  [ -n \"$t\" ] && [ \"$t\" -ge " +
           std::to_string(ticks) +
           " ] && break\n"
           "  sleep 0.05; n=$((n + 1))\ndone\nkill -KILL -$task\n";
}

// Runs task 0 of job `job_id` through a stand-in sbatch that starts it in a
// process group of its own and, once the "binary" has spent some CPU, ends
// it with `ending` (shell lines; $task is the group); returns the CPU the
// runner counts for the task, its CPU file in `file`. With `work_in_child`
// the binary spends its CPU in a child process, as a match's engines do.
double cpu_of_a_task_ended_by(const fs::path& dir, int job_id, const std::string& ending,
                              double sample_seconds, fs::path& file, bool work_in_child = false) {
    fs::create_directories(dir / "bin");
    const std::string started = (dir / "started").string();
    const std::string id = std::to_string(job_id);
    write_script(dir / "bin/sbatch", "for script; do :; done\necho 'Submitted batch job " + id +
                                         "'\n"
                                         "SLURM_ARRAY_JOB_ID=" +
                                         id +
                                         " SLURM_ARRAY_TASK_ID=0 setsid bash \"$script\" &\n"
                                         "task=$!\nn=0\nwhile [ ! -e '" +
                                         started +
                                         "' ] && [ $n -lt 1200 ]; do\n"
                                         "  sleep 0.05; n=$((n + 1))\ndone\n" +
                                         ending + "wait $task\nexit 1\n");
    write_script(dir / "bin/scancel", "exit 0\n");
    // (Bounded, so that a stand-in that fails to end it cannot hang the test;
    // its pid is written for a test that ends it alone.)
    const std::string work = "echo $$ > '" + (dir / "work.pid").string() +
                             "'\ni=0\nwhile [ $i -lt 5000000 ]; do i=$((i + 1));\n"
                             "  [ $i -eq 100000 ] && : > '" +
                             started + "'; done\n";
    write_script(dir / "work", work);
    write_script(dir / "busy",
                 work_in_child ? "sh '" + (dir / "work").string() + "'\nexit $?\n" : work);
    const std::string path = ::getenv("PATH");
    ::setenv("PATH", ((dir / "bin").string() + ":" + path).c_str(), 1);
    SlurmRunner slurm((dir / "busy").string(), (dir / "slurm").string(), {});
    slurm.cpu_sample_seconds = sample_seconds;
    StepJob job{"gen-0.selfplay", {"selfplay"}, (dir / "gen-0.selfplay.log").string(), 1, {}};
    EXPECT_NE(slurm.run(job, nullptr), 0);
    ::setenv("PATH", path.c_str(), 1);
    file = task_cpu_file(dir, job_id);
    return slurm.remote_cpu_seconds(job);
}

TEST(PipelineSlurm, ATaskEndedBySigtermStillReportsItsCpu) {
    // As a time limit does: SIGTERM to the task's whole process group (its
    // script and the command), with no sample taken before.
    const pantheon::test::TestDir test_dir;
    fs::path file;
    const double cpu =
        cpu_of_a_task_ended_by(test_dir.path(), 89, "kill -TERM -$task\n", 1000, file);
    ASSERT_TRUE(fs::exists(file));
    EXPECT_EQ(read_file(file).rfind("ticks ", 0), std::string::npos) << read_file(file);
    // 100,000 turns of the shell loop take well over 0.05 CPU-seconds.
    EXPECT_GT(cpu, 0.05);
}

TEST(PipelineSlurm, ATaskKilledOutrightReportsItsCpuUpToItsLastSample) {
    // As a lost node does: SIGKILL to the whole process group, no SIGTERM
    // before, once the script has sampled 0.3 CPU-seconds of the command.
    const pantheon::test::TestDir test_dir;
    fs::path file;
    const double cpu = cpu_of_a_task_ended_by(
        test_dir.path(), 90, kill_after_a_sample_of(test_dir.path(), 90, 0.3), 0.1, file);
    ASSERT_TRUE(fs::exists(file));
    EXPECT_EQ(read_file(file).rfind("ticks ", 0), 0u) << read_file(file);
    EXPECT_GT(cpu, 0.25);
}

TEST(PipelineSlurm, ASampleCountsTheCpuOfTheCommandsLiveChildren) {
    // As a match's engines are: the work runs in a child the command has not
    // reaped when the whole group is killed outright.
    const pantheon::test::TestDir test_dir;
    fs::path file;
    const double cpu = cpu_of_a_task_ended_by(test_dir.path(), 91,
                                              kill_after_a_sample_of(test_dir.path(), 91, 0.3), 0.1,
                                              file, /*work_in_child=*/true);
    ASSERT_TRUE(fs::exists(file));
    EXPECT_EQ(read_file(file).rfind("ticks ", 0), 0u) << read_file(file);
    EXPECT_GT(cpu, 0.25);
}

TEST(PipelineSlurm, ASamplerEndsWithItsCommandWhenTheScriptIsKilledAlone) {
    // SIGKILL to the job script only, then to its command: nothing of the
    // task may be left after that (the group is polled for 20 s).
    const pantheon::test::TestDir test_dir;
    const std::string left = (test_dir.path() / "left").string();
    fs::path file;
    cpu_of_a_task_ended_by(test_dir.path(), 92,
                           "sleep 0.3\nkill -KILL $task\nkill -KILL $(cat '" +
                               (test_dir.path() / "work.pid").string() +
                               "')\nn=0\n"
                               "while kill -0 -$task 2>/dev/null && [ $n -lt 400 ]; do\n"
                               "  sleep 0.05; n=$((n + 1))\ndone\n"
                               "if kill -0 -$task 2>/dev/null; then echo left > '" +
                               left + "'; kill -KILL -$task; fi\n",
                           0.1, file);
    EXPECT_FALSE(fs::exists(left));
}

TEST(PipelineSlurm, ShellQuoting) {
    EXPECT_EQ(shell_quote("a b"), "'a b'");
    EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
}

}  // namespace
}  // namespace pantheon::pipeline
