// Single games against the test engine of tests/tools: the arbiter, the
// adjudication rules, and every kind of misbehaving engine losing its game.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "engine/core/notation.h"
#include "engine/core/rules.h"
#include "match/game_runner.h"
#include "match/openings.h"
#include "match/uci_engine.h"
#include "match/uci_traffic_log.h"
#include "match/variant_rules.h"

using namespace pantheon;
using namespace pantheon::match;

namespace {

TEST(RefusesOption, PantheonRefusesWithAnyInfoStringOthersMustSaySo) {
    // Pantheon (engine/uci) answers a setoption only to refuse it.
    EXPECT_TRUE(refuses_option("info string EvalFile: net file: cannot open 'x'", true));
    EXPECT_TRUE(refuses_option("info string EvalFile: net file: truncated in the header", true));
    EXPECT_TRUE(refuses_option("info string unknown option 'Hsh'", true));
    EXPECT_FALSE(refuses_option("id name noise", false));
    // Other engines: only what says it failed.
    EXPECT_FALSE(refuses_option(
        "info string variant mansindam files 9 ranks 9 pocket 8 template shogi startpos "
        "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1",
        false));
    EXPECT_FALSE(refuses_option("info string NNUE evaluation enabled", false));
    EXPECT_TRUE(refuses_option("Unable to open file /nonexistent.ini", false));
    EXPECT_TRUE(refuses_option("No such option: Foo", false));
    EXPECT_TRUE(refuses_option("info string ERROR: network not loaded", false));
}

PlayerConfig test_player(const std::string& name, const std::string& extra_args,
                         const std::string& limits = "depth=1") {
    PlayerConfig p;
    std::string error;
    EXPECT_TRUE(
        apply_player_spec("name=" + name + " cmd=" PANTHEON_TEST_ENGINE " " + limits, p, &error))
        << error;
    std::istringstream in(extra_args);
    for (std::string a; in >> a;) p.args.push_back(a);
    return p;
}

GameSettings fast_settings() {
    GameSettings s;
    s.untimed_timeout_ms = 1000;
    s.startup_timeout_ms = 1000;  // how long a test waits for an engine that never answers
    s.time_margin_ms = 50;
    s.adjudication.max_plies = 400;
    return s;
}

const std::string START(Variant::start_fen);

// Replays a record with the rules core: every move legal under the game rules.
void expect_replays(const GameRecord& g) {
    auto pos = Position::from_fen(g.opening_fen);
    ASSERT_TRUE(pos);
    for (const auto& m : g.moves) {
        MoveList game_moves;
        generate_game_moves(*pos, game_moves);
        const auto move = parse_move(*pos, m.move);
        ASSERT_TRUE(move) << m.move;
        ASSERT_TRUE(game_moves.contains(*move)) << m.move;
        pos->do_move(*move);
    }
    if (g.end == EndKind::Normal) {
        const GameResult r = game_result(*pos);
        ASSERT_TRUE(r.over());
        EXPECT_EQ(g.outcome, *r.winner == WHITE ? Outcome::WhiteWins : Outcome::BlackWins);
    }
}

}  // namespace

TEST(GameTest, RandomMoversPlayALegalGame) {
    UciEngine white(test_player("w", "--seed 1"), "");
    UciEngine black(test_player("b", "--seed 2"), "");
    const GameRecord g = play_game(white, black, START, fast_settings(), nullptr);
    ASSERT_NE(g.outcome, Outcome::Unfinished) << g.reason;
    EXPECT_TRUE(g.end == EndKind::Normal || g.end == EndKind::Adjudication) << g.reason;
    expect_replays(g);
    ASSERT_FALSE(g.moves.empty());
    EXPECT_TRUE(g.moves[0].score.has_value());
    EXPECT_EQ(g.moves[0].depth, 1);
}

// --engine-log: every line sent and received, stamped, named and directed,
// beside the engine's stderr in the same file.
TEST(GameTest, TrafficLogHoldsTheWholeExchange) {
    const std::string path =
        ::testing::TempDir() + "traffic_" + std::to_string(::getpid()) + ".log";
    std::remove(path.c_str());
    std::string error;
    const auto log = UciTrafficLog::open(path, &error);
    ASSERT_TRUE(log) << error;
    UciEngine white(test_player("w", "--seed 1"), "", path);
    UciEngine black(test_player("b", "--seed 2"), "", path);
    white.set_traffic_log(log);
    black.set_traffic_log(log);
    const GameRecord g = play_game(white, black, START, fast_settings(), nullptr);
    ASSERT_NE(g.outcome, Outcome::Unfinished) << g.reason;
    white.quit();
    black.quit();
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::remove(path.c_str());
    // The messages without their time stamps ("w > uci").
    std::vector<std::string> messages;
    for (const auto& l : lines)
        if (const size_t at = l.find(" ms] "); !l.empty() && l[0] == '[' && at != std::string::npos)
            messages.push_back(l.substr(at + 5));
    const auto count = [&](const std::string& message) {
        return std::count(messages.begin(), messages.end(), message);
    };
    const auto count_starting = [&](const std::string& prefix) {
        return std::count_if(messages.begin(), messages.end(),
                             [&](const std::string& m) { return m.rfind(prefix, 0) == 0; });
    };
    EXPECT_EQ(count("w > uci"), 1);
    EXPECT_EQ(count("b < uciok"), 1);
    EXPECT_EQ(count("w > ucinewgame"), 1);
    EXPECT_EQ(count("w > quit"), 1);
    // One go and one bestmove per ply, each from the engine to move.
    EXPECT_EQ(count("w > go depth 1") + count("b > go depth 1"), long(g.moves.size()));
    ASSERT_GE(g.moves.size(), 2u);
    EXPECT_GE(count_starting("w < bestmove " + g.moves[0].move), 1);
    EXPECT_GE(count_starting("b < bestmove " + g.moves[1].move), 1);
    // Every traffic line: "[<ms> ms] <name> <direction> <text>", in time order.
    long last_ms = -1;
    for (const auto& l : lines) {
        if (l.empty() || l[0] != '[') continue;  // the engines' stderr
        const size_t ms_end = l.find(" ms] ");
        ASSERT_NE(ms_end, std::string::npos) << l;
        const long ms = std::stol(l.substr(1, ms_end - 1));
        EXPECT_GE(ms, last_ms) << l;
        last_ms = ms;
        const std::string rest = l.substr(ms_end + 5);
        EXPECT_TRUE(rest.rfind("w > ", 0) == 0 || rest.rfind("w < ", 0) == 0 ||
                    rest.rfind("b > ", 0) == 0 || rest.rfind("b < ", 0) == 0)
            << l;
    }
}

TEST(GameTest, BrokenEnginesLoseWithEitherColor) {
    struct Case {
        std::string args, limits;
        EndKind expected;
        std::string reason;  // in the game's reason (the PGN's last comment)
    };
    const std::vector<Case> cases = {
        {"--mode crash --after 2", "depth=1", EndKind::Disconnect, "killed by signal 6"},
        {"--mode exit --after 2", "depth=1", EndKind::Disconnect, "exited with code 3"},
        {"--mode hang --after 2", "depth=1", EndKind::StalledConnection, "no bestmove after"},
        {"--mode hang --after 2", "movetime=50", EndKind::TimeForfeit, "loses on time"},
        {"--mode hang --after 2", "tc=0.2+0", EndKind::TimeForfeit, "loses on time"},
        {"--mode slow --after 2", "movetime=50", EndKind::TimeForfeit, "loses on time"},
        {"--mode garbage --after 2", "depth=1", EndKind::ProtocolError, "malformed move '!!zz'"},
        {"--mode flood --after 2", "depth=1", EndKind::ProtocolError, "overlong line"},
        {"--mode illegal --after 2", "depth=1", EndKind::IllegalMove, "illegal move 'a1a9'"},
        {"--mode none --after 2", "depth=1", EndKind::IllegalMove, "no move ('(none)')"},
        {"--mode noready", "depth=1", EndKind::StalledConnection, "no 'uciok' in time"},
        {"--mode noisready", "depth=1", EndKind::StalledConnection, "no 'readyok' in time"},
    };
    for (const auto& c : cases) {
        for (Color broken : {WHITE, BLACK}) {
            UciEngine bad(test_player("bad", c.args, c.limits), "");
            UciEngine good(test_player("good", "--seed 5"), "");
            UciEngine& w = broken == WHITE ? bad : good;
            UciEngine& b = broken == WHITE ? good : bad;
            const GameRecord g = play_game(w, b, START, fast_settings(), nullptr);
            SCOPED_TRACE(c.args + " " + c.limits + (broken == WHITE ? " as White" : " as Black"));
            EXPECT_EQ(g.outcome, broken == WHITE ? Outcome::BlackWins : Outcome::WhiteWins)
                << g.reason;
            EXPECT_EQ(g.end, c.expected) << g.reason;
            EXPECT_NE(g.reason.find(c.reason), std::string::npos) << g.reason;
            EXPECT_EQ(g.reason.rfind(broken == WHITE ? "White " : "Black ", 0), 0u) << g.reason;
            EXPECT_FALSE(bad.running());  // killed; restarted before its next game
            expect_replays(g);
        }
    }
}

TEST(GameTest, EngineIsRestartedAfterAFailure) {
    UciEngine bad(test_player("bad", "--mode crash --after 3"), "");
    UciEngine good(test_player("good", "--seed 9"), "");
    for (int game = 0; game < 2; ++game) {
        const GameRecord g = play_game(bad, good, START, fast_settings(), nullptr);
        EXPECT_EQ(g.outcome, Outcome::BlackWins);
        EXPECT_EQ(g.end, EndKind::Disconnect);
        EXPECT_EQ(g.moves.size(), 4u) << g.reason;  // two good moves each side first
    }
    // An engine that stops answering isready (its second, per process) is
    // restarted and plays every other game.
    UciEngine unready(test_player("unready", "--mode noisready --after 2"), "");
    GameSettings s = fast_settings();
    s.adjudication.max_plies = 10;
    for (int game = 0; game < 4; ++game) {
        const GameRecord g = play_game(unready, good, START, s, nullptr);
        if (game % 2 == 0) {
            EXPECT_NE(g.end, EndKind::StalledConnection) << g.reason;
            continue;
        }
        EXPECT_EQ(g.end, EndKind::StalledConnection) << g.reason;
        EXPECT_EQ(g.outcome, Outcome::BlackWins);
        EXPECT_TRUE(g.moves.empty());
        EXPECT_TRUE(g.engine_failed_to_start);
    }
}

TEST(GameTest, ResignAdjudication) {
    GameSettings s = fast_settings();
    s.adjudication.resign_moves = 3;
    s.adjudication.resign_cp = 1000;
    UciEngine white(test_player("w", "--score 2000 --seed 3"), "");
    UciEngine black(test_player("b", "--score -2000 --seed 4"), "");
    const GameRecord g = play_game(white, black, START, s, nullptr);
    if (g.end == EndKind::Adjudication) {
        EXPECT_EQ(g.outcome, Outcome::WhiteWins);
        EXPECT_EQ(g.moves.size(), 6u);
        EXPECT_NE(g.reason.find("resigns"), std::string::npos);
    } else {
        EXPECT_LT(g.moves.size(), 6u);  // the rules ended it first
    }
}

TEST(GameTest, LengthAdjudicationByLastScores) {
    GameSettings s = fast_settings();
    s.adjudication.max_plies = 6;
    const auto play = [&](const std::string& ws, const std::string& bs) {
        UciEngine white(test_player("w", "--seed 3 --score " + ws), "");
        UciEngine black(test_player("b", "--seed 4 --score " + bs), "");
        return play_game(white, black, START, s, nullptr);
    };
    const GameRecord a = play("50", "30");
    ASSERT_EQ(a.end, EndKind::Adjudication) << a.reason;
    EXPECT_EQ(a.moves.size(), 6u);
    EXPECT_EQ(a.outcome, Outcome::WhiteWins);
    EXPECT_EQ(play("50", "80").outcome, Outcome::BlackWins);
    EXPECT_EQ(play("50", "50").outcome, Outcome::Draw);
}

TEST(GameTest, ClocksAndMovetimeAreRespectedByAGoodEngine) {
    UciEngine white(test_player("w", "--seed 1", "tc=2+0.05"), "");
    UciEngine black(test_player("b", "--seed 2", "movetime=20"), "");
    GameSettings s = fast_settings();
    s.time_margin_ms = 2000;  // generous: sanitizer builds on a loaded machine are slow
    s.adjudication.max_plies = 40;
    const GameRecord g = play_game(white, black, START, s, nullptr);
    EXPECT_TRUE(g.end == EndKind::Normal || g.end == EndKind::Adjudication) << g.reason;
}

TEST(OpeningsTest, GeneratedOpeningIsBalancedByTheChecker) {
    OpeningSettings o;
    o.random_plies = 6;
    o.check_depth = 1;
    o.check_threshold_cp = 0;  // the test engine scores material: keep only equal material
    o.seed = 11;
    UciEngine checker(test_player("check", ""), "");
    std::string error;
    ASSERT_TRUE(checker.start(std::chrono::milliseconds(2000), nullptr, &error)) << error;
    const VariantRules& rules = *variant_rules("mansindam");
    const std::string start = rules.setup_fen(0);
    const auto a = generate_opening(3, o, rules, start, checker, 2000, nullptr, &error);
    const auto b = generate_opening(3, o, rules, start, checker, 2000, nullptr, &error);
    const auto c = generate_opening(4, o, rules, start, checker, 2000, nullptr, &error);
    ASSERT_TRUE(a && b && c) << error;
    EXPECT_EQ(*a, *b);  // depends only on (seed, round)
    EXPECT_NE(*a, *c);
    const auto pos = Position::from_fen(*a);
    ASSERT_TRUE(pos);
    EXPECT_EQ(pos->fullmove_number(), 4);  // six plies from the start
    const SearchReply r = checker.search("position fen " + *a, "go depth 1",
                                         Clock::now() + std::chrono::seconds(2), nullptr);
    ASSERT_TRUE(r.score);
    EXPECT_EQ(r.score->value, 0);
}
