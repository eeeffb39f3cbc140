// Whole tournaments with the test engine: outputs, colors, broken engines,
// SPRT stop, interruption and resume, shards and merge.
#include "match/tournament.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "engine/core/notation.h"
#include "engine/core/rules.h"
#include "match/merge.h"
#include "match/pgn.h"
#include "tests/match/match_test_support.h"
#include "tests/shared_data.h"
#include "util/json.h"

using namespace pantheon;
using namespace pantheon::match;
namespace fs = std::filesystem;

namespace {

class TournamentTest : public test_support::TournamentFixture {
  protected:
    void SetUp() override {
        PANTHEON_REQUIRE_SHARED_DIR();  // the games start from the shared book
    }

    PlayerConfig player(const std::string& name, const std::string& args,
                        const std::string& limits = "depth=1") {
        PlayerConfig p;
        std::string error;
        EXPECT_TRUE(apply_player_spec("name=" + name + " cmd=" PANTHEON_TEST_ENGINE " " + limits, p,
                                      &error));
        std::istringstream in(args);
        for (std::string a; in >> a;) p.args.push_back(a);
        return p;
    }

    MatchConfig config(const std::string& stem) const {
        MatchConfig c = quiet_config(stem);
        c.game.untimed_timeout_ms = 1000;
        c.game.startup_timeout_ms = 3000;
        c.game.adjudication.max_plies = 300;
        c.openings.file = pantheon::test::shared_book_path();
        return c;
    }
};

}  // namespace

TEST_F(TournamentTest, HeadToHeadWritesPgnSummaryAndSwapsColors) {
    MatchConfig c = config("h2h");
    c.players = {player("alpha", "--seed 1"), player("beta", "--seed 2")};
    c.rounds = 3;
    c.concurrency = 2;
    Tournament t(c);
    ASSERT_EQ(t.run(out_, err_), EXIT_DONE) << err_.str();
    EXPECT_EQ(t.state().games.size(), 6u);
    EXPECT_EQ(t.state().stop_reason, "completed");

    const auto games = read_games(c.pgn_path);
    ASSERT_EQ(games.size(), 6u);
    std::map<std::string, std::vector<const PgnGame*>> by_round_pair;
    for (const auto& g : games) {
        // Every tag the issue asks for, and a replay through the rules core.
        for (const char* tag :
             {"Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "FEN",
              "SetUp", "TimeControl", "Termination", "PlyCount"})
            EXPECT_TRUE(g.tag(tag)) << tag;
        EXPECT_EQ(*g.tag("Variant"), "mansindam");
        EXPECT_EQ(*g.tag("Result"), g.result);
        EXPECT_EQ(std::stoul(*g.tag("PlyCount")), g.moves.size());
        auto pos = Position::from_fen(*g.tag("FEN"));
        ASSERT_TRUE(pos);
        for (size_t i = 0; i < g.moves.size(); ++i) {
            const auto m = parse_move(*pos, g.moves[i]);
            ASSERT_TRUE(m) << g.moves[i];
            pos->do_move(*m);
            EXPECT_NE(g.move_comments[i].find("/1 "), std::string::npos) << g.move_comments[i];
        }
        if (*g.tag("Termination") == "normal") {
            const GameResult r = game_result(*pos);
            ASSERT_TRUE(r.over());
            EXPECT_EQ(g.result, *r.winner == WHITE ? "1-0" : "0-1");
        }
        const std::string round = g.tag("Round")->substr(0, g.tag("Round")->find('.'));
        by_round_pair[round].push_back(&g);
    }
    // Each opening is played twice with colors swapped.
    ASSERT_EQ(by_round_pair.size(), 3u);
    for (const auto& [round, pair] : by_round_pair) {
        ASSERT_EQ(pair.size(), 2u);
        EXPECT_EQ(*pair[0]->tag("FEN"), *pair[1]->tag("FEN"));
        EXPECT_EQ(*pair[0]->tag("White"), *pair[1]->tag("Black"));
        EXPECT_EQ(*pair[0]->tag("Black"), *pair[1]->tag("White"));
    }
    // The summary is valid JSON with the pentanomial counts of the 3 pairs.
    std::string text, error;
    ASSERT_TRUE(read_text_file(c.summary_path, text, &error));
    const auto summary = util::parse_json(text, &error);
    ASSERT_TRUE(summary) << error;
    int64_t pairs = 0;
    for (const auto& x : summary->at("pairings")[0].at("pentanomial")) pairs += x.get<int64_t>();
    EXPECT_EQ(pairs, 3);
    EXPECT_EQ(summary->at("games"), 6);
    EXPECT_NE(out_.str().find("alpha"), std::string::npos);
}

// fastchess's -games 1: one game a round, colours alternating, no game pairs.
TEST_F(TournamentTest, OneGameARoundAlternatesColours) {
    MatchConfig c = config("one_game");
    c.players = {player("alpha", "--seed 1"), player("beta", "--seed 2")};
    c.rounds = 4;
    c.games_per_round = 1;
    Tournament t(c);
    ASSERT_EQ(t.run(out_, err_), EXIT_DONE) << err_.str();
    ASSERT_EQ(t.state().games.size(), 4u);
    const auto games = read_games(c.pgn_path);
    ASSERT_EQ(games.size(), 4u);
    std::map<std::string, std::string> white_of_round;
    for (const auto& g : games)
        white_of_round[g.tag("Round")->substr(0, g.tag("Round")->find('.'))] = *g.tag("White");
    EXPECT_EQ(white_of_round, (std::map<std::string, std::string>{
                                  {"1", "alpha"}, {"2", "beta"}, {"3", "alpha"}, {"4", "beta"}}));
    // Four rounds, four openings.
    std::set<std::string> openings;
    for (const auto& g : games) openings.insert(*g.tag("FEN"));
    EXPECT_EQ(openings.size(), 4u);
    const MatchStats s = compute_stats(t.state(), std::nullopt);
    EXPECT_EQ(s.pairings[0].pairs.pairs(), 0);
    EXPECT_EQ(s.pairings[0].games.games(), 4);
    // The state says so, and a resume with game pairs is another tournament.
    std::string error;
    const auto state = MatchState::load(c.resolved_state_path(), &error);
    ASSERT_TRUE(state) << error;
    EXPECT_EQ(state->games_per_round, 1);
    EXPECT_EQ(state->games_planned(), 4);
    c.games_per_round = 2;
    c.resume = true;
    Tournament again(c);
    EXPECT_EQ(again.run(out_, err_), EXIT_BAD_INPUT);
    EXPECT_NE(err_.str().find("belongs to a different tournament"), std::string::npos);
    // An SPRT counts game pairs: refused with one game a round.
    c.games_per_round = 1;
    c.sprt = SprtSettings{};
    EXPECT_FALSE(c.validate(&error));
    EXPECT_NE(error.find("game pairs"), std::string::npos) << error;
}

TEST_F(TournamentTest, BrokenEnginesLoseAndTheRunCompletes) {
    MatchConfig c = config("gauntlet");
    c.format = Format::Gauntlet;
    c.game.startup_timeout_ms = 1500;
    // Each broken player and the termination its games end with. The
    // isready refuser answers its first isready only (per process), so it
    // plays the pair's first game, is restarted after the second, and so on.
    c.players = {player("good", "--seed 1"),
                 player("crasher", "--mode crash --after 2"),
                 player("exiter", "--mode exit --after 2"),
                 player("hanger", "--mode hang --after 2"),
                 player("illegal", "--mode illegal --after 2"),
                 player("garbage", "--mode garbage --after 2"),
                 player("unready", "--mode noisready --after 2")};
    const std::map<std::string, std::string> ending = {
        {"crasher", "disconnect"},        {"exiter", "disconnect"},
        {"hanger", "stalled connection"}, {"illegal", "illegal move"},
        {"garbage", "protocol error"},    {"unready", "stalled connection"}};
    c.rounds = 2;
    c.concurrency = 2;
    Tournament t(c);
    ASSERT_EQ(t.run(out_, err_), EXIT_DONE) << err_.str();
    ASSERT_EQ(t.state().games.size(), 24u);
    const auto games = read_games(c.pgn_path);
    ASSERT_EQ(games.size(), 24u);  // no finished game lost
    std::map<std::string, int64_t> endings;
    int unready_games = 0, unready_losses = 0;
    for (const auto& g : games) {
        const bool good_white = *g.tag("White") == "good";
        const std::string broken = *g.tag(good_white ? "Black" : "White");
        const std::string& termination = *g.tag("Termination");
        ++endings[termination];
        ASSERT_FALSE(g.other_comments.empty());
        const std::string& why = g.other_comments.back();
        SCOPED_TRACE(broken + ": " + termination + ": " + why);
        if (broken == "unready") {
            ++unready_games;
            if (termination != ending.at(broken)) continue;  // the games it got ready for
            ++unready_losses;
            EXPECT_NE(why.find("no 'readyok' in time"), std::string::npos);
        } else {
            EXPECT_EQ(termination, ending.at(broken));
        }
        EXPECT_EQ(why.rfind(good_white ? "Black " : "White ", 0), 0u);  // who failed
        EXPECT_EQ(g.result, good_white ? "1-0" : "0-1");
    }
    EXPECT_EQ(unready_games, 4);
    EXPECT_EQ(unready_losses, 2);
    // The summary's endings count them.
    std::string text, error;
    ASSERT_TRUE(read_text_file(c.summary_path, text, &error)) << error;
    const auto summary = util::parse_json(text, &error);
    ASSERT_TRUE(summary) << error;
    for (const auto& [name, count] : endings)
        EXPECT_EQ(util::json_int(util::json_field(util::json_field(*summary, "endings"), name)),
                  count)
            << name;
    EXPECT_NE(
        out_.str().find("stalled connection " + std::to_string(endings["stalled connection"])),
        std::string::npos)
        << out_.str();
}

TEST_F(TournamentTest, AnEngineThatNeverGetsReadyStopsTheRunKeepingItsGames) {
    MatchConfig c = config("never_ready");
    c.game.startup_timeout_ms = 1000;
    c.players = {player("good", "--seed 1"), player("unready", "--mode noisready")};
    c.rounds = 5;
    Tournament t(c);
    EXPECT_EQ(t.run(out_, err_), EXIT_FAILED);
    EXPECT_NE(err_.str().find("the engine of 'unready' failed to start 3 times in a row"),
              std::string::npos)
        << err_.str();
    // Each forfeit was scored, with the engine restarted for the next game.
    const auto games = read_games(c.pgn_path);
    ASSERT_EQ(games.size(), 3u);
    EXPECT_EQ(t.state().games.size(), 3u);
    for (const auto& g : games) {
        EXPECT_EQ(*g.tag("Termination"), "stalled connection");
        EXPECT_EQ(g.result, *g.tag("White") == "good" ? "1-0" : "0-1");
    }
}

TEST_F(TournamentTest, StrongerPlayerWinsTheRoundRobin) {
    MatchConfig c = config("rr");
    c.format = Format::RoundRobin;
    c.players = {player("random1", "--seed 1"), player("greedy", "--mode greedy --seed 2"),
                 player("random2", "--seed 3")};
    c.rounds = 4;
    c.concurrency = 2;
    Tournament t(c);
    ASSERT_EQ(t.run(out_, err_), EXIT_DONE) << err_.str();
    const MatchStats s = compute_stats(t.state(), std::nullopt);
    EXPECT_EQ(s.games, 24);
    EXPECT_GT(s.ratings.rows[1].elo, s.ratings.rows[0].elo);
    EXPECT_GT(s.ratings.rows[1].elo, s.ratings.rows[2].elo);
}

TEST_F(TournamentTest, SprtStopsEarly) {
    MatchConfig c = config("sprt");
    c.players = {player("greedy", "--mode greedy --seed 2"), player("random", "--seed 1")};
    c.rounds = 200;
    c.sprt = SprtSettings{0, 10, 0.05, 0.05};
    Tournament t(c);
    ASSERT_EQ(t.run(out_, err_), EXIT_DONE) << err_.str();
    EXPECT_EQ(t.state().stop_reason, "sprt: H1 accepted");
    EXPECT_LT(t.state().games.size(), 400u);
    const MatchStats s = compute_stats(t.state(), c.sprt);
    ASSERT_TRUE(s.sprt);
    EXPECT_GE(s.sprt->llr, s.sprt->upper);
    // The crossing is recorded, and a resumed match stays decided.
    ASSERT_TRUE(t.state().sprt_crossing);
    EXPECT_EQ(t.state().sprt_crossing->decision, SprtDecision::AcceptH1);
    EXPECT_EQ(t.state().sprt_crossing->games, int64_t(t.state().games.size()));
    c.resume = true;
    Tournament again(c);
    ASSERT_EQ(again.run(out_, err_), EXIT_DONE) << err_.str();
    EXPECT_EQ(again.state().games.size(), t.state().games.size());
    EXPECT_EQ(again.state().stop_reason, "sprt: H1 accepted");
}

TEST_F(TournamentTest, InterruptAndResumeFinishEveryGameOnce) {
    MatchConfig c = config("resume");
    c.players = {player("a", "--seed 1 --delay 3"), player("b", "--seed 2 --delay 3")};
    c.rounds = 6;
    c.handle_signals = true;
    c.game.adjudication.max_plies = 40;  // about 0.1 s per game
    int code = -1;
    // Ctrl-C is taken by the tournament's watcher thread only if no other
    // thread accepts it: block it here as the command-line main thread does.
    sigset_t sigint, old_mask;
    sigemptyset(&sigint);
    sigaddset(&sigint, SIGINT);
    pthread_sigmask(SIG_BLOCK, &sigint, &old_mask);
    {
        Tournament t(c);
        std::thread runner([&] { code = t.run(out_, err_); });
        // Ctrl-C once the first game is recorded.
        const std::string state_path = c.resolved_state_path();
        for (int i = 0; i < 500; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
            const auto s = MatchState::load(state_path, nullptr);
            if (s && !s->games.empty()) break;
        }
        kill(getpid(), SIGINT);
        runner.join();
    }
    pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
    ASSERT_EQ(code, EXIT_INTERRUPTED) << err_.str();
    const auto partial = MatchState::load(c.resolved_state_path(), nullptr);
    ASSERT_TRUE(partial);
    EXPECT_EQ(partial->stop_reason, "interrupted");
    EXPECT_LT(partial->games.size(), 12u);
    EXPECT_EQ(read_games(c.pgn_path).size(), partial->games.size());
    EXPECT_TRUE(fs::exists(c.summary_path));

    // A run without --resume refuses to overwrite; with it, the rest is played.
    Tournament refuse(c);
    EXPECT_EQ(refuse.run(out_, err_), EXIT_BAD_INPUT);
    c.resume = true;
    Tournament resumed(c);
    ASSERT_EQ(resumed.run(out_, err_), EXIT_DONE) << err_.str();
    std::set<std::pair<int64_t, int>> seen;
    for (const auto& g : resumed.state().games) EXPECT_TRUE(seen.insert({g.pair, g.slot}).second);
    EXPECT_EQ(seen.size(), 12u);
    EXPECT_EQ(read_games(c.pgn_path).size(), 12u);

    // More rounds extend the same tournament: only the new pair is played.
    c.rounds = 7;
    Tournament extended(c);
    ASSERT_EQ(extended.run(out_, err_), EXIT_DONE) << err_.str();
    seen.clear();
    for (const auto& g : extended.state().games) EXPECT_TRUE(seen.insert({g.pair, g.slot}).second);
    EXPECT_EQ(seen.size(), 14u);
    EXPECT_EQ(read_games(c.pgn_path).size(), 14u);
    EXPECT_EQ(MatchState::load(c.resolved_state_path(), nullptr)->rounds, 7);

    // Fewer rounds, or a different tournament, cannot resume this state.
    for (int variation = 0; variation < 2; ++variation) {
        MatchConfig other_config = c;
        if (variation == 0)
            other_config.rounds = 6;
        else
            other_config.openings.seed += 1;
        Tournament other(other_config);
        err_.str("");
        EXPECT_EQ(other.run(out_, err_), EXIT_BAD_INPUT);
        EXPECT_NE(err_.str().find("different tournament"), std::string::npos);
    }
}

TEST_F(TournamentTest, ResumeDropsAGameWrittenButNotRecorded) {
    MatchConfig c = config("trim");
    c.players = {player("a", "--seed 1"), player("b", "--seed 2")};
    c.rounds = 1;
    Tournament first(c);
    ASSERT_EQ(first.run(out_, err_), EXIT_DONE);
    // Simulate a crash between the PGN append and the state write: the state
    // forgets the last game while the PGN still has it.
    auto state = *MatchState::load(c.resolved_state_path(), nullptr);
    const int64_t full_size = int64_t(fs::file_size(c.pgn_path));
    state.games.pop_back();
    // Find the byte offset where the second game starts.
    std::string pgn;
    ASSERT_TRUE(read_text_file(c.pgn_path, pgn, nullptr));
    const size_t second = pgn.find("[Event", 1);
    ASSERT_NE(second, std::string::npos);
    state.pgn_bytes = int64_t(second);
    ASSERT_TRUE(state.save(c.resolved_state_path(), nullptr));
    c.resume = true;
    Tournament again(c);
    ASSERT_EQ(again.run(out_, err_), EXIT_DONE) << err_.str();
    EXPECT_EQ(read_games(c.pgn_path).size(), 2u);
    EXPECT_EQ(int64_t(fs::file_size(c.pgn_path)), full_size);  // deterministic replay
}

TEST_F(TournamentTest, ShardsAreDisjointAndMergeToTheWhole) {
    const auto base = [&](const std::string& stem) {
        MatchConfig c = config(stem);
        c.format = Format::RoundRobin;
        c.players = {player("p1", "--seed 1"), player("p2", "--mode greedy --seed 2"),
                     player("p3", "--seed 3")};
        c.rounds = 3;
        c.openings.shuffle = true;
        c.openings.seed = 5;
        return c;
    };
    MatchConfig whole = base("whole");
    Tournament full(whole);
    ASSERT_EQ(full.run(out_, err_), EXIT_DONE) << err_.str();

    std::vector<std::string> states;
    std::vector<std::set<int64_t>> shard_pairs;
    for (int k = 0; k < 3; ++k) {
        MatchConfig c = base("shard" + std::to_string(k));
        c.shard = Shard{k, 3};
        Tournament t(c);
        ASSERT_EQ(t.run(out_, err_), EXIT_DONE) << err_.str();
        std::set<int64_t> pairs;
        for (const auto& g : t.state().games) pairs.insert(g.pair);
        shard_pairs.push_back(pairs);
        states.push_back(c.resolved_state_path());
    }
    for (int a = 0; a < 3; ++a)
        for (int b = a + 1; b < 3; ++b)
            for (int64_t p : shard_pairs[size_t(a)]) EXPECT_FALSE(shard_pairs[size_t(b)].count(p));

    std::ostringstream merged_out;
    const std::string merged_summary = (dir_ / "merged.json").string();
    ASSERT_EQ(run_merge(states, merged_summary, std::nullopt, merged_out, err_), 0) << err_.str();
    // Engines and openings are deterministic, so the shards replay the same
    // games: the merged table equals the single run's.
    std::string a, b;
    ASSERT_TRUE(read_text_file(whole.summary_path, a, nullptr));
    ASSERT_TRUE(read_text_file(merged_summary, b, nullptr));
    const auto ja = util::parse_json(a), jb = util::parse_json(b);
    ASSERT_TRUE(ja && jb);
    EXPECT_EQ(ja->at("ratings"), jb->at("ratings"));
    EXPECT_EQ(ja->at("pairings"), jb->at("pairings"));
    EXPECT_EQ(jb->at("games"), 18);

    // Overlapping files are refused.
    std::ostringstream ignored;
    states.push_back(states[0]);
    EXPECT_EQ(run_merge(states, "", std::nullopt, ignored, ignored), 2);
}

TEST_F(TournamentTest, AnOptionTheEngineRefusesStopsTheMatchBeforeAnyGame) {
    MatchConfig c = config("refused");
    c.rounds = 1;
    // A reply that says nothing is wrong (Fairy-Stockfish describes its variant).
    PlayerConfig chatty = player("chatty", "--option-reply info_string_variant_mansindam_files_9");
    chatty.set_option("Hash", "8");
    c.players = {player("a", ""), chatty};
    EXPECT_EQ(Tournament(c).run(out_, err_), EXIT_DONE) << err_.str();

    // A reply that says it failed: the match stops, naming player and option.
    PlayerConfig refusing = player("refusing", "--option-reply Unable_to_open_file_/x.ini");
    refusing.set_option("VariantPath", "/x.ini");
    c = config("refused2");
    c.players = {player("a", ""), refusing};
    err_.str("");
    EXPECT_EQ(Tournament(c).run(out_, err_), EXIT_BAD_INPUT);
    EXPECT_NE(err_.str().find("'refusing'"), std::string::npos) << err_.str();
    EXPECT_NE(err_.str().find("option 'VariantPath' = '/x.ini' refused: Unable to open file"),
              std::string::npos)
        << err_.str();
    EXPECT_FALSE(fs::exists(c.pgn_path));
}

TEST_F(TournamentTest, BadInputIsRejectedBeforeAnyGame) {
    MatchConfig c = config("bad");
    c.game.startup_timeout_ms = 500;
    c.players = {player("a", ""), player("a", "")};
    EXPECT_EQ(Tournament(c).run(out_, err_), EXIT_BAD_INPUT);
    c.players = {player("a", ""), player("b", "", "")};
    EXPECT_EQ(Tournament(c).run(out_, err_), EXIT_BAD_INPUT);  // no limit
    c.players = {player("a", ""), player("b", "--mode noready")};
    EXPECT_EQ(Tournament(c).run(out_, err_), EXIT_BAD_INPUT);  // cannot start
    PlayerConfig missing = player("m", "");
    missing.command = "/nonexistent/engine";
    c.players = {player("a", ""), missing};
    EXPECT_EQ(Tournament(c).run(out_, err_), EXIT_BAD_INPUT);
    EXPECT_NE(err_.str().find("cannot start"), std::string::npos);
    EXPECT_FALSE(fs::exists(c.pgn_path));
}
