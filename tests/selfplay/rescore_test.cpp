// Rescoring (selfplay/rescore.h): the verdicts of self-play's own search
// come back unchanged, deeper searches change scores but nothing else, the
// bytes never depend on threads or interruptions, and bad inputs or other
// settings are refused before anything is written.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "data/game_file.h"
#include "data/game_replay.h"
#include "engine/search/king_danger.h"
#include "nnue/builtin_net.h"
#include "run_support.h"
#include "selfplay/chunk_store.h"
#include "selfplay/rescore_files.h"
#include "selfplay/shard_lock.h"
#include "selfplay/uci_judge.h"
#include "tests/test_dir.h"
#include "util/run_lock.h"

namespace pantheon::selfplay {
namespace {

using pantheon::test::TestDir;
using testing::all_games;
using testing::data_files;
using testing::rescore_ok;
using testing::run_ok;
using testing::tiny_rescore;
using testing::tiny_run;

namespace fs = std::filesystem;

// Self-play's games into dir/in (3 files of 2 games at 300 nodes).
std::string play_input(const TestDir& dir) {
    run_ok(tiny_run(dir.file("in")));
    return dir.file("in");
}

// The same games without resignation, so that some end in mate and carry
// mate scores.
std::string play_input_to_mate(const TestDir& dir) {
    SelfplayOptions o = tiny_run(dir.file("in"));
    o.resign_score = 0;
    run_ok(o);
    return dir.file("in");
}

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

bool rescore_fails(const RescoreOptions& o, std::string& error) {
    RescoreReport report;
    return !run_rescore(o, nullptr, false, report, &error);
}

TEST(Rescore, SelfplaysOwnSearchGivesBackItsBytes) {
    // Same search settings as the self-play that made the games: every verdict
    // is found again, so the history and the cleared table match self-play's.
    TestDir dir;
    const std::string in = play_input(dir);
    const RescoreReport report = rescore_ok(tiny_rescore(in, dir.file("out"), 300));
    EXPECT_EQ(report.files, 3u);
    EXPECT_EQ(report.files_written, 3u);
    EXPECT_EQ(report.games, 6u);
    EXPECT_GT(report.counts.searched, 100u);
    EXPECT_EQ(report.counts.scores_changed, 0u);
    EXPECT_EQ(report.counts.best_changed, 0u);
    EXPECT_EQ(data_files(dir.file("out")), data_files(in));
}

TEST(Rescore, DeeperSearchChangesVerdictsOnlyAndIgnoresThreads) {
    TestDir dir;
    const std::string in = play_input(dir);
    const RescoreReport one = rescore_ok(tiny_rescore(in, dir.file("one"), 1200));
    RescoreOptions two = tiny_rescore(in, dir.file("two"), 1200);
    two.threads = 2;
    rescore_ok(two);
    EXPECT_EQ(data_files(dir.file("one")), data_files(dir.file("two")));

    const auto before = all_games(in), after = all_games(dir.file("one"));
    std::string why;
    EXPECT_TRUE(same_games_but_verdicts(before, after, &why)) << why;
    uint64_t changed = 0, searched = 0;
    for (size_t g = 0; g < before.size(); ++g)
        for (size_t i = 0; i < before[g].plies.size(); ++i) {
            const data::PlyRecord &a = before[g].plies[i], &b = after[g].plies[i];
            if (a.excluded) {
                EXPECT_EQ(a, b) << "an excluded ply was rescored";
                continue;
            }
            ++searched;
            changed += a.score != b.score;
        }
    EXPECT_EQ(one.counts.searched, searched);
    EXPECT_EQ(one.counts.scores_changed, changed);
    EXPECT_GT(changed, searched / 2) << "scores barely changed at four times the nodes";
}

TEST(Rescore, MateScoresAreKeptAsSelfplayKeepsThem) {
    TestDir dir;
    const char* fen = "4k4/9/4+P4/9/9/9/9/9/4K4[Q] w - - 0 1";  // mate in 1 by a queen drop
    WorkerSearch search({2000, 0, 1}, {});
    search.new_game();
    const search::Result found = search.search(*Position::from_fen(fen));
    ASSERT_EQ(found.score, search::mate_in(1));
    data::GameRecord game;
    game.start_fen = fen;
    game.plies = {{found.best, found.best, 0, false}};
    game.termination = Termination::Checkmate;
    game.winner = WHITE;
    fs::create_directories(dir.file("in"));
    std::string error;
    ASSERT_TRUE(data::write_game_file(dir.file("in/mate.pgd"), std::vector{game}, &error)) << error;
    rescore_ok(tiny_rescore(dir.file("in"), dir.file("out"), 2000));
    const auto rescored = all_games(dir.file("out"));
    ASSERT_EQ(rescored.size(), 1u);
    EXPECT_EQ(rescored[0].plies[0].score, data::clamp_score(search::mate_in(1)));
    EXPECT_EQ(rescored[0].plies[0].score, recorded_score(found));
}

// --keep-mates: a recorded mate stays with its best move, unsearched; up to a
// game's first recorded mate every ply is what a plain rescoring gives (past
// it the skipped searches leave the table otherwise filled).
TEST(Rescore, KeptMatesStayAndTheOtherPliesAreJudgedAgain) {
    TestDir dir;
    const std::string in = play_input_to_mate(dir);
    const RescoreReport plain = rescore_ok(tiny_rescore(in, dir.file("deep"), 1200));
    RescoreOptions o = tiny_rescore(in, dir.file("kept"), 1200);
    o.labels.keep_mates = true;
    const RescoreReport report = rescore_ok(o);
    EXPECT_NE(read_text(dir.file("kept/rescore-manifest.txt")).find("keep_mates = yes\n"),
              std::string::npos);
    const auto before = all_games(in), deep = all_games(dir.file("deep")),
               kept = all_games(dir.file("kept"));
    ASSERT_EQ(kept.size(), before.size());
    int mates = 0, compared = 0;
    for (size_t g = 0; g < before.size(); ++g) {
        bool past_mate = false;
        for (size_t i = 0; i < before[g].plies.size(); ++i) {
            const data::PlyRecord &b = before[g].plies[i], &k = kept[g].plies[i];
            if (b.excluded) continue;
            if (search::is_mate_score(b.score)) {
                EXPECT_EQ(k, b) << "a recorded mate was judged again";
                ++mates;
                past_mate = true;
            } else if (!past_mate) {
                EXPECT_EQ(k, deep[g].plies[i]) << "game " << g << " ply " << i;
                ++compared;
            }
        }
    }
    EXPECT_GT(mates, 0) << "no recorded mate to keep";
    EXPECT_GT(compared, 100);
    // Kept mates are counted as kept, not as searched.
    EXPECT_EQ(report.counts.mates_kept, uint64_t(mates));
    EXPECT_EQ(report.counts.handled(), plain.counts.searched);
    o.labels.search = false;
    EXPECT_NE(validate(o).find("--keep-mates"), std::string::npos);
}

TEST(Rescore, KeptVerdictsTakeTheKingDangerShareAndNothingElse) {
    TestDir dir;
    const std::string in = play_input_to_mate(dir);
    RescoreOptions o = tiny_rescore(in, dir.file("kept"), 0);
    o.labels = {.search = false, .king_danger_percent = 50};
    const RescoreReport report = rescore_ok(o);
    const auto before = all_games(in), after = all_games(dir.file("kept"));
    ASSERT_EQ(before.size(), after.size());
    uint64_t relabelled = 0, moved = 0, mates = 0;
    for (size_t g = 0; g < before.size(); ++g) {
        const auto check_ply = [&](const Position& pos, const data::PlyRecord& a, int i) {
            const data::PlyRecord& b = after[g].plies[size_t(i)];
            EXPECT_EQ(a.played, b.played);
            EXPECT_EQ(a.best, b.best);
            EXPECT_EQ(a.excluded, b.excluded);
            if (a.excluded) {
                EXPECT_EQ(a.score, b.score) << "an excluded ply was relabelled";
                return;
            }
            ++relabelled;
            if (search::is_mate_score(a.score)) {
                EXPECT_EQ(b.score, a.score) << "a mate score lost its distance";
                ++mates;
                return;
            }
            const int balance = search::king_danger_balance(pos);
            EXPECT_EQ(b.score, data::clamp_score(a.score + balance / 2)) << pos.fen();
            moved += b.score != a.score;
        };
        std::string error;
        ASSERT_TRUE(data::replay_game(before[g], check_ply, &error)) << error;
    }
    EXPECT_EQ(report.counts.searched, relabelled);
    EXPECT_GT(moved, relabelled / 10) << "the balance was almost never non-zero";
    EXPECT_GT(mates, 0u) << "no mate score was found to leave alone";

    // Searched again with self-play's own settings, the verdicts come back
    // (SelfplaysOwnSearchGivesBackItsBytes) and take the same term.
    RescoreOptions searched = tiny_rescore(in, dir.file("searched"), 300);
    searched.labels.king_danger_percent = 50;
    rescore_ok(searched);
    EXPECT_EQ(data_files(dir.file("searched")), data_files(dir.file("kept")));
}

TEST(Rescore, LabelTermsAreCheckedAndNamedInTheManifest) {
    TestDir dir;
    const std::string in = play_input(dir);
    std::string error;
    RescoreOptions kept = tiny_rescore(in, dir.file("kept"), 0);
    kept.labels.search = false;
    EXPECT_TRUE(rescore_fails(kept, error));
    EXPECT_NE(error.find("would copy the inputs"), std::string::npos) << error;
    kept.labels.king_danger_percent = 50;
    kept.search.nodes = 300;
    EXPECT_TRUE(rescore_fails(kept, error));
    EXPECT_NE(error.find("searches nothing"), std::string::npos) << error;
    RescoreOptions huge = tiny_rescore(in, dir.file("huge"), 300);
    huge.labels.king_danger_percent = 5000;
    EXPECT_TRUE(rescore_fails(huge, error));
    EXPECT_NE(error.find("--king-danger"), std::string::npos) << error;
    EXPECT_FALSE(fs::exists(dir.file("kept"))) << "a refused run wrote its directory";

    rescore_ok(tiny_rescore(in, dir.file("out"), 300));
    RescoreOptions with_term = tiny_rescore(in, dir.file("out"), 300);
    with_term.labels.king_danger_percent = 50;
    EXPECT_TRUE(rescore_fails(with_term, error));
    EXPECT_NE(error.find("king_danger_percent"), std::string::npos) << error;
}

// An outside judge's centipawns are scaled into ours (rounded half away from
// zero) and never become a mate, while its mates keep their distance in
// plies as our own search writes them (tests/cli/rescore_cli_test.sh runs a
// whole rescoring through UCI).
TEST(Rescore, OutsideJudgeScoresAreScaledAndMatesKeepTheirDistance) {
    EXPECT_EQ(judge_score({.mate = false, .value = 100}, 170), 170);
    EXPECT_EQ(judge_score({.mate = false, .value = -3}, 50), -2);
    EXPECT_EQ(judge_score({.mate = false, .value = 3}, 50), 2);
    EXPECT_EQ(judge_score({.mate = true, .value = 3}, 50), search::mate_in(5));
    EXPECT_EQ(judge_score({.mate = true, .value = -2}, 100), search::mated_in(4));
    const int16_t huge = judge_score({.mate = false, .value = 30000}, 200);
    EXPECT_FALSE(search::is_mate_score(huge));
    EXPECT_EQ(huge, -judge_score({.mate = false, .value = -30000}, 200));

    match::PlayerConfig player;
    std::string error;
    EXPECT_TRUE(parse_judge_engine("cmd=/bin/engine option.Hash=16", player, &error)) << error;
    EXPECT_EQ(player.command, "/bin/engine");
    EXPECT_FALSE(parse_judge_engine("cmd=/bin/engine nodes=100", player, &error));
    EXPECT_NE(error.find("--nodes"), std::string::npos) << error;

    RescoreOptions o;
    o.inputs = {"in"};
    o.out_dir = "out";
    o.search.nodes = 100;
    o.engine = "cmd=/bin/engine";
    EXPECT_EQ(validate(o), "");
    o.net = "builtin";
    EXPECT_NE(validate(o).find("--net"), std::string::npos);
    o.net.clear();
    o.engine_score_percent = 0;
    EXPECT_NE(validate(o).find("--engine-score-percent"), std::string::npos);
    o.engine.clear();
    o.engine_score_percent = 50;
    EXPECT_NE(validate(o).find("needs --engine"), std::string::npos);
}

TEST(Rescore, ResumingKeepsFinishedOutputsAndRedoesTheRest) {
    TestDir dir;
    const std::string in = play_input(dir);
    rescore_ok(tiny_rescore(in, dir.file("whole"), 600));
    const auto whole = data_files(dir.file("whole"));
    const std::string out = dir.file("out");
    rescore_ok(tiny_rescore(in, out, 600));

    // Killed while writing one output, and another one damaged.
    fs::remove(chunk_path(out, 0));
    std::ofstream(chunk_path(out, 0) + ".tmp") << "half a file";
    fs::resize_file(chunk_path(out, 1), fs::file_size(chunk_path(out, 1)) / 2);
    const RescoreReport resumed = rescore_ok(tiny_rescore(in, out, 600));
    EXPECT_EQ(resumed.files_skipped, 1u);
    EXPECT_EQ(resumed.files_written, 2u);
    EXPECT_EQ(resumed.games, 4u);
    EXPECT_EQ(resumed.notes.size(), 2u);
    EXPECT_FALSE(fs::exists(chunk_path(out, 0) + ".tmp"));
    EXPECT_EQ(data_files(out), whole);

    // An output holding other games than its input's is not kept.
    fs::copy_file(chunk_path(in, 2), chunk_path(out, 1), fs::copy_options::overwrite_existing);
    const RescoreReport repaired = rescore_ok(tiny_rescore(in, out, 600));
    EXPECT_EQ(repaired.files_written, 1u);
    ASSERT_EQ(repaired.notes.size(), 1u);
    EXPECT_NE(repaired.notes[0].find(chunk_file_name(1)), std::string::npos) << repaired.notes[0];
    EXPECT_EQ(data_files(out), whole);

    // Nothing left: nothing redone.
    const RescoreReport done = rescore_ok(tiny_rescore(in, out, 600));
    EXPECT_EQ(done.files_skipped, 3u);
    EXPECT_EQ(done.files_written, 0u);
}

TEST(Rescore, ShardsTogetherGiveTheUnshardedBytes) {
    TestDir dir;
    const std::string in = play_input(dir);
    rescore_ok(tiny_rescore(in, dir.file("whole"), 1200));
    // Two shards into one directory, the second started while the first's
    // lock is held (shards with no file in common run side by side).
    util::RunLock running;
    std::string error;
    fs::create_directories(dir.file("sharded"));
    ASSERT_TRUE(
        running.acquire(dir.file("sharded/" + shard_lock_name(RESCORE_SHARDS, 0, 2)), "x", &error))
        << error;
    RescoreOptions o = tiny_rescore(in, dir.file("sharded"), 1200);
    o.shard_index = 1;
    o.shard_count = 2;
    const RescoreReport second = rescore_ok(o);
    EXPECT_EQ(second.files, 1u);  // files 0 and 2 are shard 0's
    EXPECT_EQ(data_files(dir.file("sharded")).size(), 1u);
    // An overlapping shard (all files) is refused while shard 0/2 runs.
    o.shard_index = 0;
    o.shard_count = 1;
    EXPECT_TRUE(rescore_fails(o, error));
    EXPECT_NE(error.find("overlap those of shard 0/2"), std::string::npos) << error;
    running.release();
    o.shard_count = 2;
    const RescoreReport first = rescore_ok(o);
    EXPECT_EQ(first.files, 2u);
    EXPECT_EQ(first.data.files + second.data.files, 3u);
    EXPECT_EQ(data_files(dir.file("sharded")), data_files(dir.file("whole")));
    EXPECT_EQ(read_text(dir.file("sharded/rescore-manifest.txt")),
              read_text(dir.file("whole/rescore-manifest.txt")));
    o.shard_index = 2;
    EXPECT_TRUE(rescore_fails(o, error));
    EXPECT_NE(error.find("--shard"), std::string::npos) << error;
}

TEST(Rescore, DamagedInputIsRefusedBeforeAnyWork) {
    TestDir dir;
    const std::string in = play_input(dir);
    const std::string victim = chunk_path(in, 2);
    {
        std::fstream f(victim, std::ios::in | std::ios::out | std::ios::binary);
        f.seekg(100);
        const char c = char(f.get());
        f.seekp(100);
        f.put(char(c ^ 0x40));
    }
    std::string error;
    EXPECT_TRUE(rescore_fails(tiny_rescore(in, dir.file("out"), 600), error));
    EXPECT_NE(error.find(victim), std::string::npos) << error;
    EXPECT_NE(error.find("bad input"), std::string::npos) << error;
    EXPECT_TRUE(!fs::exists(dir.file("out")) || data_files(dir.file("out")).empty());

    fs::resize_file(victim, fs::file_size(victim) - 7);  // truncated
    EXPECT_TRUE(rescore_fails(tiny_rescore(in, dir.file("out"), 600), error));
    EXPECT_NE(error.find("truncated"), std::string::npos) << error;
    EXPECT_TRUE(!fs::exists(dir.file("out")) || data_files(dir.file("out")).empty());
}

TEST(Rescore, OtherSettingsOrInputsAreRefusedWithTheDifferences) {
    TestDir dir;
    const std::string in = play_input(dir);
    rescore_ok(tiny_rescore(in, dir.file("out"), 600));
    const auto before = data_files(dir.file("out"));
    std::string error;
    EXPECT_TRUE(rescore_fails(tiny_rescore(in, dir.file("out"), 700), error));
    EXPECT_NE(error.find("nodes: directory has '600', this run has '700'"), std::string::npos)
        << error;
    RescoreOptions with_net = tiny_rescore(in, dir.file("out"), 600);
    with_net.net = NET_BUILTIN;
    with_net.search.hash_mb = 2;
    if (nnue::has_builtin_net()) {
        EXPECT_TRUE(rescore_fails(with_net, error));
        EXPECT_NE(error.find("net: directory has 'hand-crafted'"), std::string::npos) << error;
        EXPECT_NE(error.find("hash_mb"), std::string::npos) << error;
    }
    // Other input files: a file more, and one whose content changed.
    fs::copy_file(chunk_path(in, 0), dir.file("in/extra.pgd"));
    EXPECT_TRUE(rescore_fails(tiny_rescore(in, dir.file("out"), 600), error));
    EXPECT_NE(error.find("input extra.pgd"), std::string::npos) << error;
    fs::remove(dir.file("in/extra.pgd"));
    fs::copy_file(chunk_path(in, 0), chunk_path(in, 1), fs::copy_options::overwrite_existing);
    EXPECT_TRUE(rescore_fails(tiny_rescore(in, dir.file("out"), 600), error));
    EXPECT_NE(error.find("input " + chunk_file_name(1)), std::string::npos) << error;
    EXPECT_EQ(data_files(dir.file("out")), before);
}

TEST(Rescore, UnusableInputsAndOutputsAreRefused) {
    TestDir dir;
    const std::string in = play_input(dir);
    std::string error;
    // The output directory is the input directory: outputs would replace inputs.
    EXPECT_TRUE(rescore_fails(tiny_rescore(in, in, 600), error));
    EXPECT_NE(error.find("would replace its input"), std::string::npos) << error;
    // Two inputs of one name.
    fs::create_directories(dir.file("copy"));
    fs::copy_file(chunk_path(in, 0), chunk_path(dir.file("copy"), 0));
    RescoreOptions twice = tiny_rescore(in, dir.file("out"), 600);
    twice.inputs.push_back(dir.file("copy"));
    EXPECT_TRUE(rescore_fails(twice, error));
    EXPECT_NE(error.find("two inputs are named"), std::string::npos) << error;
    // A directory without data files, and data files made by something else.
    fs::create_directories(dir.file("empty"));
    EXPECT_TRUE(rescore_fails(tiny_rescore(dir.file("empty"), dir.file("out"), 600), error));
    EXPECT_NE(error.find("no data files"), std::string::npos) << error;
    EXPECT_TRUE(rescore_fails(tiny_rescore(in, dir.file("copy"), 600), error));
    EXPECT_NE(error.find("rescore-manifest.txt"), std::string::npos) << error;
    // No search limit.
    EXPECT_TRUE(rescore_fails(tiny_rescore(in, dir.file("out"), 0), error));
    EXPECT_NE(error.find("--nodes"), std::string::npos) << error;
}

}  // namespace
}  // namespace pantheon::selfplay
