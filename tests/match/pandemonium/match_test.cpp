// Pandemonium through `pantheon match`: games judged by Pandemonium's rules
// (draws by stalemate and repetition, the perpetual-check loss), the PGN and
// the statistics of drawn games, start setups drawn by the seed or given, the
// variant sent to the engines and kept in the state file. The players are the
// test engine built for Pandemonium (tests/tools); this file is compiled for
// Pandemonium so that it can replay the games with that rules core.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "engine/core/notation.h"
#include "engine/core/rules.h"
#include "engine/core/setups.h"
#include "match/merge.h"
#include "match/pgn.h"
#include "match/tournament.h"
#include "match/uci_engine.h"
#include "match/variant_rules.h"
#include "tests/match/match_test_support.h"
#include "util/json.h"

using namespace pantheon;
using namespace pantheon::match;
namespace fs = std::filesystem;

namespace {

constexpr std::string_view STALEMATE_IN_ONE = "k9/3Q6/10/10/10/10/10/10/10/9K[] w - - 0 1";
constexpr std::string_view PERPETUAL = "k9/10/3Q6/10/10/10/10/10/10/9K[] w - - 0 1";

PlayerConfig engine_player(const std::string& name, const std::string& args,
                           const char* program = PANTHEON_TEST_ENGINE_PANDEMONIUM) {
    PlayerConfig p;
    std::string error;
    EXPECT_TRUE(apply_player_spec("name=" + name + " cmd=" + program + " depth=1", p, &error))
        << error;
    std::istringstream in(args);
    for (std::string a; in >> a;) p.args.push_back(a);
    return p;
}

// A Pandemonium player that declares UCI_Variant.
PlayerConfig player(const std::string& name, const std::string& args) {
    return engine_player(name, "--variant-option yes " + args);
}

GameSettings fast_settings() {
    GameSettings s;
    s.untimed_timeout_ms = 2000;
    s.startup_timeout_ms = 3000;
    s.adjudication.max_plies = 200;
    return s;
}

const VariantRules& rules() {
    return *variant_rules("pandemonium");
}

// Replays moves with Pandemonium's rules: each must be a move of the game.
Position replay(const std::string& fen, const std::vector<std::string>& moves) {
    auto pos = Position::from_fen(fen);
    EXPECT_TRUE(pos) << fen;
    if (!pos) return Position::start();
    for (const auto& text : moves) {
        std::string error;
        const auto m = parse_game_move(*pos, text, &error);
        EXPECT_TRUE(m) << text << ": " << error;
        if (!m) break;
        pos->do_move(*m);
    }
    return *pos;
}

std::vector<std::string> texts(const GameRecord& g) {
    std::vector<std::string> out;
    for (const auto& m : g.moves) out.push_back(m.move);
    return out;
}

GameRecord play(const std::string& white_args, const std::string& black_args,
                std::string_view fen) {
    UciEngine white(player("w", white_args), "", "", "pandemonium");
    UciEngine black(player("b", black_args), "", "", "pandemonium");
    return rules().play_game(white, black, std::string(fen), fast_settings(), nullptr);
}

}  // namespace

TEST(PandemoniumGameLoop, RepetitionIsADraw) {
    const GameRecord g = play("--mode draw --seed 1", "--mode draw --seed 2", rules().setup_fen(0));
    EXPECT_EQ(g.outcome, Outcome::Draw) << g.reason;
    EXPECT_EQ(g.end, EndKind::Normal);
    EXPECT_EQ(g.reason, "Draw by repetition");
    const Position end = replay(g.opening_fen, texts(g));
    EXPECT_EQ(game_result(end).termination, Termination::Repetition);
}

TEST(PandemoniumGameLoop, StalemateIsADraw) {
    const GameRecord g = play("--mode draw", "--mode draw", STALEMATE_IN_ONE);
    EXPECT_EQ(g.outcome, Outcome::Draw) << g.reason;
    EXPECT_EQ(g.end, EndKind::Normal);
    EXPECT_EQ(g.reason, "Draw by stalemate");
    EXPECT_EQ(g.moves.size(), 1u);
    EXPECT_EQ(game_result(replay(g.opening_fen, texts(g))).termination, Termination::Stalemate);
}

TEST(PandemoniumGameLoop, PerpetualCheckLosesForTheCheckingSide) {
    const GameRecord g = play("--script d8d7,d7d8", "--script a10b10,b10a10", PERPETUAL);
    EXPECT_EQ(g.outcome, Outcome::BlackWins) << g.reason;
    EXPECT_EQ(g.end, EndKind::Normal);
    EXPECT_EQ(g.reason, "White loses by perpetual check");
    EXPECT_EQ(g.moves.size(), 8u);
}

TEST(PandemoniumGameLoop, APawnDropMateLosesAsAnIllegalMoveOfItsOwnKind) {
    const GameRecord g =
        play("--mode dropmate", "--mode random", "kn8/p9/10/10/10/10/10/10/10/1R7K[PQ] w - - 0 1");
    EXPECT_EQ(g.outcome, Outcome::BlackWins) << g.reason;
    EXPECT_EQ(g.end, EndKind::IllegalPawnDropMate);
    EXPECT_EQ(g.reason, "White illegal move: P@b9 is a pawn-drop mate");
    EXPECT_TRUE(g.moves.empty());
    EXPECT_EQ(end_kind_text(g.end), "illegal pawn-drop mate");
    EXPECT_EQ(parse_end_kind("illegal pawn-drop mate"), EndKind::IllegalPawnDropMate);
}

TEST(PandemoniumGameLoop, CastlingAndEnPassantAreMovesOfTheGame) {
    // White castles, black takes en passant after c2-c5: both pass the referee.
    const GameRecord g = play("--script e1h1,c2c5", "--script d5c4,e10e9",
                              "4k5/10/10/10/10/3p6/10/10/2P7/R3K4R[] w KQ - 0 1");
    ASSERT_GE(g.moves.size(), 4u) << g.reason;
    EXPECT_EQ(g.moves[0].move, "e1h1");
    EXPECT_EQ(g.moves[2].move, "c2c5");
    EXPECT_EQ(g.moves[3].move, "d5c4");
    replay(g.opening_fen, texts(g));
}

TEST(PandemoniumOpenings, SetupsAreDrawnBySeedOrGiven) {
    OpeningSettings o;
    o.seed = 5;
    std::set<int> seen;
    for (int64_t r = 0; r < 16; ++r) seen.insert(start_setup_for_round(r, o, 16));
    EXPECT_EQ(seen.size(), 16u);  // every setup once in 16 rounds
    EXPECT_EQ(start_setup_for_round(3, o, 16), start_setup_for_round(19, o, 16));
    OpeningSettings other = o;
    other.seed = 6;
    bool differs = false;
    for (int64_t r = 0; r < 16; ++r)
        differs = differs || start_setup_for_round(r, o, 16) != start_setup_for_round(r, other, 16);
    EXPECT_TRUE(differs);
    o.setup = 9;
    EXPECT_EQ(start_setup_for_round(4, o, 16), 9);
    // Mansindam has one start.
    EXPECT_EQ(start_setup_for_round(4, OpeningSettings{}, 1), 0);
    EXPECT_EQ(rules().setup_count(), 16);
    EXPECT_EQ(rules().setup_fen(9), Position::from_fen(start_setup_fen(9))->fen());
}

TEST(PandemoniumOpenings, GeneratedOpeningsStartFromTheSetup) {
    OpeningSettings o;
    o.random_plies = 4;
    o.check_depth = 1;
    o.check_threshold_cp = 10000;
    o.seed = 3;
    UciEngine checker(player("check", ""), "", "", "pandemonium");
    std::string error;
    ASSERT_TRUE(checker.start(std::chrono::milliseconds(3000), nullptr, &error)) << error;
    const std::string setup = rules().setup_fen(6);
    const auto a = generate_opening(2, o, rules(), setup, checker, 2000, nullptr, &error);
    const auto b = generate_opening(2, o, rules(), setup, checker, 2000, nullptr, &error);
    ASSERT_TRUE(a && b) << error;
    EXPECT_EQ(*a, *b);
    const auto pos = Position::from_fen(*a);
    ASSERT_TRUE(pos);
    EXPECT_EQ(pos->fullmove_number(), 3);  // four plies from the setup
    EXPECT_FALSE(game_result(*pos).over());
    // Four plies move at most four of the setup's eight knights and bishops
    // (files b, c, h, i of the back ranks): the rest stand where setup 6 put them.
    const Position start = *Position::from_fen(setup);
    int unmoved = 0;
    for (int file : {1, 2, 7, 8})
        for (int rank : {0, 9})
            unmoved +=
                pos->piece_on(make_square(file, rank)) == start.piece_on(make_square(file, rank)) &&
                start.piece_on(make_square(file, rank)) != NO_PIECE;
    EXPECT_GE(unmoved, 4);
}

namespace {

class PandemoniumMatchTest : public test_support::TournamentFixture {
  protected:
    MatchConfig config(const std::string& stem) const {
        MatchConfig c = quiet_config(stem);
        c.variant = "pandemonium";
        c.game = fast_settings();
        return c;
    }
};

}  // namespace

TEST_F(PandemoniumMatchTest, DrawsByTheRulesFillTheTablePgnAndSummary) {
    MatchConfig c = config("draws");
    c.players = {player("alpha", "--mode draw --seed 1"), player("beta", "--mode draw --seed 2")};
    c.rounds = 3;
    c.openings.seed = 11;
    Tournament t(c);
    ASSERT_EQ(t.run(out_, err_), EXIT_DONE) << err_.str();
    ASSERT_EQ(t.state().games.size(), 6u);
    EXPECT_EQ(t.state().variant, "pandemonium");

    const auto games = read_games(c.pgn_path);
    ASSERT_EQ(games.size(), 6u);
    for (const auto& g : games) {
        EXPECT_EQ(*g.tag("Variant"), "pandemonium");
        EXPECT_EQ(*g.tag("Result"), "1/2-1/2");
        EXPECT_EQ(g.result, "1/2-1/2");
        EXPECT_EQ(*g.tag("Termination"), "normal");
        ASSERT_FALSE(g.other_comments.empty());
        EXPECT_EQ(g.other_comments.back(), "Draw by repetition");
        // The round's setup: a FEN tag unless it is the standard start.
        const int round = std::stoi(*g.tag("Round")) - 1;
        const std::string setup =
            rules().setup_fen(start_setup_for_round(round, c.openings, rules().setup_count()));
        const std::string start = g.tag("FEN") ? *g.tag("FEN") : rules().setup_fen(0);
        EXPECT_EQ(start, setup);
        EXPECT_EQ(g.tag("SetUp") != nullptr, setup != rules().setup_fen(0));
        const Position end = replay(start, g.moves);
        EXPECT_EQ(game_result(end).termination, Termination::Repetition);
    }
    // The statistics count the draws: 6 draws, 3 pairs of two draws, Elo 0.
    const std::string table = out_.str();
    EXPECT_NE(table.find("alpha vs beta: 0 - 0 - 6 (W-L-D)"), std::string::npos) << table;
    EXPECT_NE(table.find("[0, 0, 3, 0, 0]"), std::string::npos) << table;
    std::string text, error;
    ASSERT_TRUE(read_text_file(c.summary_path, text, &error)) << error;
    const auto summary = util::parse_json(text, &error);
    ASSERT_TRUE(summary) << error;
    EXPECT_EQ(summary->at("variant"), "pandemonium");
    const util::Json& pairing = summary->at("pairings")[0];
    EXPECT_EQ(pairing.at("draws"), 6);
    EXPECT_EQ(pairing.at("pentanomial")[2], 3);
    EXPECT_NEAR(pairing.at("estimate").at("elo").get<double>(), 0.0, 1e-9);
}

TEST_F(PandemoniumMatchTest, BookPositionsStalemateAndMixedResults) {
    // A book with a stalemate in one for the side to move.
    const std::string book = (dir_ / "book.epd").string();
    std::ofstream(book) << std::string(STALEMATE_IN_ONE) << "\n";
    MatchConfig c = config("book");
    c.openings.file = book;
    c.players = {player("drawer", "--mode draw"), player("random", "--seed 4")};
    c.rounds = 1;
    Tournament t(c);
    ASSERT_EQ(t.run(out_, err_), EXIT_DONE) << err_.str();
    const auto games = read_games(c.pgn_path);
    ASSERT_EQ(games.size(), 2u);
    // The drawer has White in slot 0 and stalemates at once.
    EXPECT_EQ(*games[0].tag("White"), "drawer");
    EXPECT_EQ(games[0].result, "1/2-1/2");
    EXPECT_EQ(games[0].other_comments.back(), "Draw by stalemate");
    EXPECT_EQ(*games[0].tag("FEN"), Position::from_fen(STALEMATE_IN_ONE)->fen());
    // Whatever the random mover does with White, the game replays legally and
    // its result is the rules' (or the length cap's).
    const Position end = replay(*games[1].tag("FEN"), games[1].moves);
    if (*games[1].tag("Termination") == "normal") {
        const GameResult r = game_result(end);
        ASSERT_TRUE(r.over());
        EXPECT_EQ(games[1].result, !r.winner ? "1/2-1/2" : *r.winner == WHITE ? "1-0" : "0-1");
    }
    // A Mansindam book is refused before any game, naming the line.
    std::ofstream(book) << "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1\n";
    MatchConfig wrong = config("wrong-book");
    wrong.openings.file = book;
    wrong.players = c.players;
    EXPECT_EQ(Tournament(wrong).run(out_, err_), EXIT_BAD_INPUT);
    EXPECT_NE(err_.str().find("book.epd:1:"), std::string::npos) << err_.str();
}

TEST_F(PandemoniumMatchTest, AGivenSetupStartsEveryGame) {
    MatchConfig c = config("setup");
    c.openings.setup = 6;
    c.players = {player("a", "--seed 1"), player("b", "--seed 2")};
    c.game.adjudication.max_plies = 20;
    c.rounds = 2;
    Tournament t(c);
    ASSERT_EQ(t.run(out_, err_), EXIT_DONE) << err_.str();
    const auto games = read_games(c.pgn_path);
    ASSERT_EQ(games.size(), 4u);
    for (const auto& g : games) {
        ASSERT_TRUE(g.tag("FEN"));
        EXPECT_EQ(*g.tag("FEN"), rules().setup_fen(6));
        replay(*g.tag("FEN"), g.moves);
    }
    // Out of range, or together with a book: refused.
    c = config("bad-setup");
    c.players = {player("a", ""), player("b", "")};
    c.openings.setup = 16;
    EXPECT_EQ(Tournament(c).run(out_, err_), EXIT_BAD_INPUT);
    EXPECT_NE(err_.str().find("from 0 to 15"), std::string::npos) << err_.str();
    c.openings.setup = 1;
    c.openings.file = "book.epd";
    EXPECT_EQ(Tournament(c).run(out_, err_), EXIT_BAD_INPUT);
}

TEST_F(PandemoniumMatchTest, EnginesThatCannotBeToldTheVariantAreRefused) {
    // No UCI_Variant option at all.
    MatchConfig c = config("no-option");
    c.players = {player("a", ""), engine_player("plain", "")};
    c.rounds = 1;
    EXPECT_EQ(Tournament(c).run(out_, err_), EXIT_BAD_INPUT);
    EXPECT_NE(err_.str().find("player 'plain' cannot start"), std::string::npos) << err_.str();
    EXPECT_NE(err_.str().find("does not declare the UCI_Variant option"), std::string::npos)
        << err_.str();
    EXPECT_FALSE(fs::exists(c.pgn_path));
    // An engine that knows only Mansindam refuses the variant it is sent.
    c = config("mansindam-only");
    c.players = {player("a", ""),
                 engine_player("mansindam-only", "--variant-option yes", PANTHEON_TEST_ENGINE)};
    c.rounds = 1;
    err_.str("");
    EXPECT_EQ(Tournament(c).run(out_, err_), EXIT_BAD_INPUT);
    EXPECT_NE(err_.str().find("option 'UCI_Variant' = 'pandemonium' refused"), std::string::npos)
        << err_.str();
    // An unknown variant name.
    c.variant = "chess";
    err_.str("");
    EXPECT_EQ(Tournament(c).run(out_, err_), EXIT_BAD_INPUT);
    EXPECT_NE(err_.str().find("unknown variant 'chess'"), std::string::npos) << err_.str();
}

TEST_F(PandemoniumMatchTest, ResumeRefusesAChangedVariant) {
    MatchConfig c = config("resume");
    c.players = {player("a", "--mode draw --seed 1"), player("b", "--mode draw --seed 2")};
    c.rounds = 1;
    ASSERT_EQ(Tournament(c).run(out_, err_), EXIT_DONE) << err_.str();
    // The same tournament resumed as Mansindam (engines that play it).
    MatchConfig m = c;
    m.variant = "mansindam";
    m.players = {engine_player("a", "", PANTHEON_TEST_ENGINE),
                 engine_player("b", "", PANTHEON_TEST_ENGINE)};
    m.resume = true;
    err_.str("");
    EXPECT_EQ(Tournament(m).run(out_, err_), EXIT_BAD_INPUT);
    EXPECT_NE(err_.str().find("is for a pandemonium tournament, not mansindam"), std::string::npos)
        << err_.str();
    // Merging it with a Mansindam tournament's state is refused.
    MatchConfig other = m;
    other.resume = false;
    other.pgn_path = (dir_ / "mansindam.pgn").string();
    other.summary_path = (dir_ / "mansindam.json").string();
    other.game.adjudication.max_plies = 10;
    ASSERT_EQ(Tournament(other).run(out_, err_), EXIT_DONE) << err_.str();
    std::ostringstream merge_out, merge_err;
    EXPECT_EQ(run_merge({c.resolved_state_path(), other.resolved_state_path()}, "", std::nullopt,
                        merge_out, merge_err),
              EXIT_BAD_INPUT);
    EXPECT_NE(merge_err.str().find("is a mansindam tournament, file 1 pandemonium"),
              std::string::npos)
        << merge_err.str();
    // Resumed unchanged, there is nothing left to play.
    MatchConfig same = c;
    same.resume = true;
    err_.str("");
    Tournament again(same);
    EXPECT_EQ(again.run(out_, err_), EXIT_DONE) << err_.str();
    EXPECT_EQ(again.state().games.size(), 2u);
}
