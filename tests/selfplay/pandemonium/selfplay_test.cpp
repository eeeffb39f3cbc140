// Pandemonium self-play (pantheon_selfplay_pandemonium): deterministic runs,
// the sixteen start setups dealt out by seed or one given, draws recorded,
// and the game named in the manifest.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "engine/core/setups.h"
#include "run_support.h"
#include "tests/test_dir.h"

namespace pantheon::selfplay::testing {
namespace {

using pantheon::test::TestDir;

SelfplayOptions pandemonium_run(const std::string& dir) {
    SelfplayOptions o = tiny_run(dir);
    o.games = 20;
    o.chunk_games = 5;
    o.search.nodes = 200;
    o.random_plies_min = 0;
    o.random_plies_max = 2;
    return o;
}

std::string start_of(const data::GameRecord& game) {
    return game.start_fen.empty() ? Position::start().fen() : game.start_fen;
}

TEST(PandemoniumSelfplay, SameSettingsGiveIdenticalBytesWithAnyThreadCount) {
    TestDir dir;
    run_ok(pandemonium_run(dir.file("a")));
    SelfplayOptions two = pandemonium_run(dir.file("b"));
    two.threads = 2;
    run_ok(two);
    const auto a = data_files(dir.file("a")), b = data_files(dir.file("b"));
    ASSERT_EQ(a.size(), 4u);
    EXPECT_EQ(a, b);
}

TEST(PandemoniumSelfplay, DealsOutEverySetupOnceBeforeRepeating) {
    TestDir dir;
    SelfplayOptions o = pandemonium_run(dir.str());
    o.games = START_SETUP_NB;
    o.chunk_games = START_SETUP_NB;
    o.random_plies_max = 0;
    o.unique_openings = false;
    run_ok(o);
    std::set<std::string> starts;
    for (const data::GameRecord& g : all_games(dir.str())) {
        // The first position of each game is its setup, before any ply.
        starts.insert(start_of(g));
    }
    std::set<std::string> setups;
    for (int s = 0; s < START_SETUP_NB; ++s) setups.insert(start_setup_fen(s));
    EXPECT_EQ(starts, setups);
}

TEST(PandemoniumSelfplay, AGivenSetupStartsEveryGame) {
    TestDir dir;
    SelfplayOptions o = pandemonium_run(dir.str());
    o.setup = 7;
    run_ok(o);
    for (const data::GameRecord& g : all_games(dir.str()))
        EXPECT_EQ(g.start_fen, start_setup_fen(7));
}

TEST(PandemoniumSelfplay, DrawsAreRecordedAsDraws) {
    // Bare kings: no game can be won by the rules; each ends by repetition
    // (a draw) or at the cap (adjudicated by the players' scores, whose
    // small tempo terms may name a winner).
    TestDir dir;
    const std::string book = dir.file("kings.epd");
    std::ofstream(book) << "4k5/10/10/10/10/10/10/10/10/4K5[] w - - 0 1\n";
    SelfplayOptions o = pandemonium_run(dir.file("out"));
    o.games = 6;
    o.chunk_games = 6;
    o.book = book;
    o.max_plies = 60;
    o.unique_openings = false;
    const RunReport report = run_ok(o);
    unsigned by_repetition = 0, drawn = 0;
    for (const data::GameRecord& g : all_games(dir.file("out"))) {
        if (g.termination == Termination::Repetition) {
            EXPECT_FALSE(g.winner.has_value());
            EXPECT_FALSE(g.adjudicated);
            ++by_repetition;
        } else {
            EXPECT_TRUE(g.adjudicated);
            EXPECT_EQ(g.plies.size(), size_t(o.max_plies));
        }
        drawn += !g.winner.has_value();
    }
    EXPECT_GE(by_repetition, 4u);
    EXPECT_EQ(report.counts.draws, drawn);
}

TEST(PandemoniumSelfplay, TheManifestNamesTheGameAndRefusesAnotherSetup) {
    TestDir dir;
    SelfplayOptions o = pandemonium_run(dir.str());
    run_ok(o);
    std::ifstream in(dir.str() + "/selfplay-manifest.txt");
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_NE(text.str().find("variant = pandemonium"), std::string::npos);
    EXPECT_NE(text.str().find("setup = by-seed"), std::string::npos);
    o.setup = 3;
    RunReport report;
    std::string error;
    EXPECT_FALSE(run_selfplay(o, nullptr, false, report, &error));
    EXPECT_NE(error.find("setup"), std::string::npos) << error;
}

TEST(PandemoniumRescore, SelfplaysOwnSearchGivesBackItsBytes) {
    // Games from the sixteen setups, and bare-king games that end by
    // repetition: with self-play's own search settings every verdict is found
    // again, so the search saw each game's history as self-play did.
    TestDir dir;
    run_ok(pandemonium_run(dir.file("setups")));
    const std::string book = dir.file("kings.epd");
    std::ofstream(book) << "4k5/10/10/10/10/10/10/10/10/4K5[] w - - 0 1\n";
    SelfplayOptions kings = pandemonium_run(dir.file("kings"));
    kings.games = 6;
    kings.chunk_games = 3;
    kings.book = book;
    kings.max_plies = 60;
    kings.unique_openings = false;
    run_ok(kings);
    for (const char* run : {"setups", "kings"}) {
        const RescoreReport report =
            rescore_ok(tiny_rescore(dir.file(run), dir.file(std::string(run) + "-rescored"), 200));
        EXPECT_GT(report.counts.searched, 0u) << run;
        EXPECT_EQ(report.counts.scores_changed, 0u) << run;
        EXPECT_EQ(data_files(dir.file(std::string(run) + "-rescored")), data_files(dir.file(run)))
            << run;
    }
}

TEST(PandemoniumRescore, DeeperSearchChangesScoresWhateverTheThreads) {
    TestDir dir;
    run_ok(pandemonium_run(dir.file("in")));
    const RescoreReport one = rescore_ok(tiny_rescore(dir.file("in"), dir.file("one"), 500));
    RescoreOptions two = tiny_rescore(dir.file("in"), dir.file("two"), 500);
    two.threads = 2;
    rescore_ok(two);
    EXPECT_EQ(data_files(dir.file("one")), data_files(dir.file("two")));
    EXPECT_GT(one.counts.scores_changed, one.counts.searched / 2);
    std::ifstream in(dir.file("one/rescore-manifest.txt"));
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_NE(text.str().find("variant = pandemonium"), std::string::npos);
}

TEST(PandemoniumSelfplay, OptionsRefuseABadSetup) {
    SelfplayOptions o = pandemonium_run("/tmp/unused");
    o.setup = START_SETUP_NB;
    EXPECT_NE(validate(o).find("--setup"), std::string::npos);
    o.setup = 2;
    o.book = "book.epd";
    EXPECT_NE(validate(o).find("--book"), std::string::npos);
}

}  // namespace
}  // namespace pantheon::selfplay::testing
