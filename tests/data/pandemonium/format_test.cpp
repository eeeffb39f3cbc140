// The data format for Pandemonium (format version 2, pantheon_data_pandemonium):
// games with castling, en passant, declined promotions and drops round trip;
// stalemate and repetition draws and the perpetual-check loss are stored and
// reach the training stream with their value; the writer refuses illegal
// games and results the rules contradict; the version-2 bytes are pinned by
// a committed file; a Pandemonium reader refuses Mansindam files.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <set>
#include <sstream>
#include <tuple>

#include "data/chunk_codec.h"
#include "data/compact_position.h"
#include "data/dataset_stats.h"
#include "data/file_format.h"
#include "data/game_file.h"
#include "data/game_replay.h"
#include "data/move_code.h"
#include "data/synthetic_games.h"
#include "data/text_io.h"
#include "data/training_stream.h"
#include "engine/core/notation.h"
#include "engine/core/random.h"
#include "test_files.h"
#include "tests/test_dir.h"

namespace pantheon::data {
namespace {

static_assert(Variant::name == "pandemonium");

const std::string FIXTURES = PANTHEON_DATA_FIXTURES;

// A game from a FEN ("" = standard start) and moves in text; the best move
// is the played one unless `bests` names another for that ply.
GameRecord game_of(std::string_view fen, std::initializer_list<std::string_view> moves,
                   std::initializer_list<std::pair<int, std::string_view>> bests = {}) {
    GameRecord g;
    std::string error;
    const auto start = fen.empty() ? Position::start() : Position::from_fen(fen, &error);
    EXPECT_TRUE(start) << fen << ": " << error;
    if (!start) return g;
    Position pos = *start;
    g.start_fen = pos.fen();
    int score = 10;
    for (std::string_view text : moves) {
        const auto m = parse_move(pos, text, &error);
        EXPECT_TRUE(m) << text << ": " << error << " in " << pos.fen();
        if (!m) return g;
        PlyRecord ply{*m, *m, int16_t(score)};
        for (const auto& [index, best] : bests)
            if (index == int(g.plies.size())) {
                const auto b = parse_move(pos, best, &error);
                EXPECT_TRUE(b) << best << ": " << error;
                if (b) ply.best = *b;
            }
        g.plies.push_back(ply);
        score = -score + 3;
        pos.do_move(*m);
    }
    return g;
}

// Sets the recorded end to what the rules say of the final position.
GameRecord played_out(GameRecord g) {
    auto pos = start_position(g, nullptr);
    if (!pos) {
        ADD_FAILURE() << "bad start " << g.start_fen;
        return g;
    }
    for (const PlyRecord& p : g.plies) pos->do_move(p.played);
    const GameResult r = game_result(*pos);
    EXPECT_TRUE(r.over()) << pos->fen();
    g.termination = r.termination;
    g.winner = r.winner;
    return g;
}

GameRecord adjudicated(GameRecord g, std::optional<Color> winner) {
    g.adjudicated = true;
    g.winner = winner;
    return g;
}

constexpr std::string_view CASTLE = "r3k4r/10/10/10/10/10/10/10/10/R3K4R[] w KQkq - 0 1";
constexpr std::string_view STEPS = "4k5/10/10/10/10/3p6/1p8/10/2P7/4K5[P] w - - 0 1";
constexpr std::string_view KNIGHT_ZONE = "4k5/10/10/2N7/10/10/10/10/10/4K5[] w - - 0 1";
constexpr std::string_view BEFORE_STALEMATE = "k9/10/10/2Q7/10/10/10/10/10/9K[] w - - 0 1";
constexpr std::string_view PERPETUAL = "k9/10/3Q6/10/10/10/10/10/10/9K[] w - - 0 1";

GameRecord stalemate_game() {
    return played_out(game_of(BEFORE_STALEMATE, {"c7c9"}));
}
GameRecord repetition_game() {
    return played_out(
        game_of("", {"b1c3", "b10c8", "c3b1", "c8b10", "b1c3", "b10c8", "c3b1", "c8b10"}));
}
GameRecord perpetual_game() {
    return played_out(game_of(
        PERPETUAL, {"d8d7", "a10b10", "d7d8", "b10a10", "d8d7", "a10b10", "d7d8", "b10a10"}));
}

// The rule-showing games: castling both ways, a triple step taken en
// passant, a declined promotion taken later (and a best move that would
// have promoted), drops, and the three ways a game ends without checkmate.
std::vector<GameRecord> rule_games() {
    std::vector<GameRecord> games;
    games.push_back(adjudicated(game_of(CASTLE, {"e1h1", "e10b10", "a1a5", "b10b9"}), WHITE));
    games.push_back(adjudicated(game_of(CASTLE, {"e1b1", "e10h10"}), std::nullopt));
    games.push_back(adjudicated(game_of(STEPS, {"c2c5", "b4c3", "P@c2", "d5d4"}), BLACK));
    games.push_back(adjudicated(game_of(STEPS, {"c2c5", "d5c4"}), std::nullopt));
    games.push_back(adjudicated(
        game_of(KNIGHT_ZONE, {"c7b9", "e10e9", "b9d10+", "e9d10"}, {{0, "c7b9+"}, {2, "b9d10"}}),
        WHITE));
    games.push_back(adjudicated(
        game_of("4k5/10/10/10/10/10/10/10/2P7/4K5[P] w - - 0 1", {"P@c5", "e10d10"}), WHITE));
    GameRecord open = game_of(CASTLE, {"e1h1"});  // a drawn position chain, end not recorded
    open.winner = std::nullopt;
    games.push_back(open);
    games.push_back(stalemate_game());
    games.push_back(repetition_game());
    games.push_back(perpetual_game());
    return games;
}

std::vector<GameRecord> all_games() {
    std::vector<GameRecord> games = rule_games();
    SyntheticOptions options;
    options.max_plies = 120;
    for (const GameRecord& g : synthetic_games(24, 7, options)) games.push_back(g);
    options.custom_start = true;
    for (const GameRecord& g : synthetic_games(8, 8, options)) games.push_back(g);
    return games;
}

std::string read_error(const std::string& path) {
    std::vector<GameRecord> games;
    std::string error;
    EXPECT_FALSE(read_game_file(path, games, &error));
    return error;
}

std::string write_error(const GameRecord& g) {
    pantheon::test::TestDir dir;
    std::string error;
    const GameRecord games[] = {g};
    EXPECT_FALSE(write_game_file(dir.file("refused.pgd"), games, &error));
    return error;
}

TEST(PandemoniumFormat, RuleGamesEndAsTheRulesSay) {
    EXPECT_EQ(stalemate_game().termination, Termination::Stalemate);
    EXPECT_FALSE(stalemate_game().winner.has_value());
    EXPECT_EQ(repetition_game().termination, Termination::Repetition);
    EXPECT_FALSE(repetition_game().winner.has_value());
    EXPECT_EQ(perpetual_game().termination, Termination::PerpetualCheck);
    EXPECT_EQ(perpetual_game().winner, BLACK);
    // The declined promotion and the best move that would have taken it.
    const GameRecord knight = rule_games()[4];
    EXPECT_FALSE(knight.plies[0].played.is_promotion());
    EXPECT_TRUE(knight.plies[0].best.is_promotion());
    EXPECT_TRUE(knight.plies[2].played.is_promotion());
    EXPECT_FALSE(knight.plies[2].best.is_promotion());
}

TEST(PandemoniumFormat, GamesRoundTripFieldByField) {
    pantheon::test::TestDir dir;
    const std::vector<GameRecord> games = all_games();
    std::set<Termination> ends;
    for (const GameRecord& g : games) ends.insert(g.termination);
    const std::string path = dir.file("games.pgd");
    std::string error;
    ASSERT_TRUE(write_game_file(path, games, &error)) << error;
    std::vector<GameRecord> back;
    ASSERT_TRUE(read_game_file(path, back, &error)) << error;
    ASSERT_EQ(back.size(), games.size());
    for (size_t i = 0; i < games.size(); ++i) EXPECT_EQ(back[i], games[i]) << "game " << i;
    GameFileReader reader;
    ASSERT_TRUE(reader.open(path, &error)) << error;
    EXPECT_EQ(reader.summary().format_version, format::VERSION_DRAWS);
    EXPECT_EQ(reader.summary().variant, "pandemonium");
    // verify's full check: every move legal, every recorded end true.
    for (size_t c = 0; c < reader.chunks().size(); ++c) {
        std::vector<GameRecord> checked;
        EXPECT_TRUE(reader.read_chunk(c, checked, &error, true)) << error;
    }
    std::string variant;
    ASSERT_TRUE(inputs_variant({path}, variant, &error)) << error;
    EXPECT_EQ(variant, "pandemonium");
}

TEST(PandemoniumFormat, TrainingStreamGivesDrawsTheirValue) {
    pantheon::test::TestDir dir;
    const std::string path = dir.file("ends.pgd");
    const GameRecord games[] = {stalemate_game(), repetition_game(), perpetual_game()};
    std::string error;
    ASSERT_TRUE(write_game_file(path, games, &error)) << error;
    StreamOptions options;
    options.shuffle_buffer = 1;
    options.shuffle_chunks = false;
    TrainingStream stream(options);
    ASSERT_TRUE(stream.open({path}, &error)) << error;
    std::vector<TrainingPosition> out(64);
    out.resize(stream.read(out));
    ASSERT_FALSE(stream.failed()) << stream.error();
    ASSERT_EQ(out.size(), 1u + 8u + 8u);
    for (size_t i = 0; i < 9; ++i) {
        EXPECT_EQ(out[i].result, 0) << i;
        EXPECT_FLOAT_EQ(out[i].result_wdl(), 0.5f);
    }
    for (size_t i = 9; i < out.size(); ++i) {
        // Perpetual check: White checked every time and lost.
        EXPECT_EQ(out[i].result, out[i].side_to_move == BLACK ? 1 : -1) << i;
        EXPECT_FLOAT_EQ(out[i].result_wdl(), out[i].side_to_move == BLACK ? 1.0f : 0.0f);
    }
    // Stats count the draws.
    DatasetStats stats;
    for (const GameRecord& g : games) stats.add_game(g);
    EXPECT_EQ(stats.draws, 2u);
    EXPECT_EQ(stats.black_wins, 1u);
    EXPECT_EQ(stats.ends[size_t(GameEnd::PerpetualCheck)], 1u);
}

TEST(PandemoniumFormat, TextExportAndImportGiveBackTheSameFile) {
    pantheon::test::TestDir dir;
    const std::string path = dir.file("text.pgd");
    const std::vector<GameRecord> games = rule_games();
    std::string error;
    ASSERT_TRUE(write_game_file(path, games, &error)) << error;
    std::ostringstream text;
    uint64_t lines = 0;
    ASSERT_TRUE(export_text({path}, text, {}, lines, nullptr, &error)) << error;
    EXPECT_NE(text.str().find("\t0\t"), std::string::npos);  // drawn positions
    EXPECT_NE(text.str().find("perpetual-check"), std::string::npos);
    std::istringstream in(text.str());
    GameFileWriter writer;
    const std::string again = dir.file("again.pgd");
    ASSERT_TRUE(writer.open(again, &error)) << error;
    ImportReport report;
    ASSERT_TRUE(import_text(in, "text", writer, report, &error)) << error;
    ASSERT_TRUE(writer.finish(&error)) << error;
    std::vector<GameRecord> back;
    ASSERT_TRUE(read_game_file(again, back, &error)) << error;
    // Adjudicated games come back as open chains (the text form does not
    // say "adjudicated" apart from the end column, which it does).
    ASSERT_EQ(back.size(), games.size());
    for (size_t i = 0; i < games.size(); ++i) {
        EXPECT_EQ(back[i].plies, games[i].plies) << i;
        EXPECT_EQ(back[i].winner, games[i].winner) << i;
        EXPECT_EQ(back[i].termination, games[i].termination) << i;
    }
}

TEST(PandemoniumFormat, WriterRefusesIllegalGamesAndWrongResults) {
    // Castling through an attacked square.
    GameRecord through = adjudicated(
        game_of("r3k4r/10/10/10/10/6m3/10/10/10/R3K4R[] w KQkq - 0 1", {"e1b1"}), WHITE);
    through.plies[0].played = Move::normal(make_square(4, 0), make_square(7, 0));
    through.plies[0].best = through.plies[0].played;
    EXPECT_NE(write_error(through).find("not legal"), std::string::npos);
    // A pawn declining its promotion.
    GameRecord pawn =
        adjudicated(game_of("4k5/10/3P6/10/10/10/10/10/10/4K5[] w - - 0 1", {"d8d9+"}), WHITE);
    pawn.plies[0].played = pawn.plies[0].best = Move::normal(make_square(3, 7), make_square(3, 8));
    EXPECT_NE(write_error(pawn).find("not legal"), std::string::npos);
    // A pawn drop that mates.
    GameRecord drop_mate =
        adjudicated(game_of("kn8/p9/10/10/10/10/10/10/10/1R7K[PQ] w - - 0 1", {"Q@b9"}), WHITE);
    drop_mate.plies[0].played = drop_mate.plies[0].best = Move::drop(PAWN, make_square(1, 8));
    EXPECT_NE(write_error(drop_mate).find("not legal"), std::string::npos);

    // Results the rules contradict.
    GameRecord stalemate_won = stalemate_game();
    stalemate_won.winner = WHITE;
    EXPECT_NE(write_error(stalemate_won).find("impossible"), std::string::npos);
    GameRecord repetition_won = repetition_game();
    repetition_won.winner = BLACK;
    EXPECT_NE(write_error(repetition_won).find("impossible"), std::string::npos);
    GameRecord perpetual_drawn = perpetual_game();
    perpetual_drawn.winner = std::nullopt;
    EXPECT_NE(write_error(perpetual_drawn).find("impossible"), std::string::npos);
    GameRecord perpetual_wrong_side = perpetual_game();
    perpetual_wrong_side.winner = WHITE;
    EXPECT_NE(write_error(perpetual_wrong_side).find("does not match"), std::string::npos);
    GameRecord perpetual_as_draw = perpetual_game();
    perpetual_as_draw.termination = Termination::Repetition;
    perpetual_as_draw.winner = std::nullopt;
    EXPECT_NE(write_error(perpetual_as_draw).find("does not match"), std::string::npos);
    GameRecord campmate = stalemate_game();
    campmate.termination = Termination::Campmate;
    campmate.winner = WHITE;
    EXPECT_NE(write_error(campmate).find("impossible"), std::string::npos);
    GameRecord not_over = game_of("", {"b1c3", "b10c8"});
    not_over.termination = Termination::Repetition;
    not_over.winner = std::nullopt;
    EXPECT_NE(write_error(not_over).find("does not match"), std::string::npos);
    // Moves after the game ended by repetition.
    GameRecord after_end =
        game_of("", {"b1c3", "b10c8", "c3b1", "c8b10", "b1c3", "b10c8", "c3b1", "c8b10", "b1c3"});
    after_end.adjudicated = true;
    EXPECT_NE(write_error(after_end).find("end of the game by repetition"), std::string::npos);
    // Adjudicating a game the rules ended.
    GameRecord adjudicated_draw = repetition_game();
    adjudicated_draw.termination = Termination::None;
    adjudicated_draw.adjudicated = true;
    EXPECT_NE(write_error(adjudicated_draw).find("already over"), std::string::npos);
}

TEST(PandemoniumFormat, EveryLegalMoveHasAUniqueCodeThatNamesItAgain) {
    int checked = 0, castles = 0, en_passant = 0, declined = 0, drops = 0;
    SyntheticOptions options;
    options.max_plies = 200;
    std::vector<GameRecord> games = synthetic_games(30, 3, options);
    for (const GameRecord& g : rule_games()) games.push_back(g);
    for (const GameRecord& g : games) {
        auto pos = start_position(g, nullptr);
        for (const PlyRecord& p : g.plies) {
            MoveList legal;
            generate_legal(*pos, legal);
            std::set<std::tuple<int, int, bool>> codes;
            for (Move m : legal) {
                const MoveCode c = encode_move(*pos, m);
                ASSERT_EQ(c.drop, m.is_drop());
                ASSERT_EQ(source_is_drop(*pos, c.source), m.is_drop());
                ASSERT_EQ(decode_move(*pos, c.source, c.target, c.promotes_by_choice), m)
                    << pos->fen() << " " << move_to_string(m);
                ASSERT_TRUE(codes.insert({c.source, c.target, c.promotes_by_choice}).second)
                    << move_to_string(m);
                castles += pos->is_castling(m);
                en_passant += pos->is_en_passant(m);
                declined += promotion_is_choice(*pos, m) && !m.is_promotion();
                drops += m.is_drop();
                ++checked;
            }
            pos->do_move(p.played);
        }
    }
    EXPECT_GT(checked, 50000);
    EXPECT_GT(castles, 0);
    EXPECT_GT(en_passant, 0);
    EXPECT_GT(declined, 0);
    EXPECT_GT(drops, 0);
}

TEST(PandemoniumFormat, CompactPositionsKeepCastlingRightsAndEnPassant) {
    const std::string fens[] = {
        std::string(CASTLE),
        "r3k4r/10/10/10/10/10/10/10/10/R3K4R[] b Kq - 3 7",
        game_of(STEPS, {"c2c5"}).start_fen,
    };
    // The triple step's position, with both passed squares.
    auto steps = *Position::from_fen(STEPS);
    steps.do_move(*parse_move(steps, "c2c5", nullptr));
    std::vector<std::string> all(std::begin(fens), std::end(fens));
    all.push_back(steps.fen());
    all.push_back(Position::from_fen("4k5/10/10/10/10/10/3p6/10/2P7/4K5[] w - - 0 1")->fen());
    auto double_step = *Position::from_fen(all.back());
    double_step.do_move(*parse_move(double_step, "c2c4", nullptr));
    all.push_back(double_step.fen());
    for (const std::string& fen : all) {
        const auto pos = Position::from_fen(fen);
        ASSERT_TRUE(pos) << fen;
        std::vector<uint8_t> bytes;
        ByteWriter out(bytes);
        write_compact_position(*pos, out);
        ByteReader in(bytes);
        std::string error;
        const auto back = read_compact_position(in, &error);
        ASSERT_TRUE(back) << fen << ": " << error;
        EXPECT_TRUE(in.at_end());
        EXPECT_EQ(back->fen(), fen);
        EXPECT_EQ(back->key(), pos->key());
    }
    EXPECT_NE(steps.fen().find("c3c4"), std::string::npos);
    EXPECT_NE(double_step.fen().find(" c3 "), std::string::npos);
}

struct CountingVisitor {
    uint64_t plies = 0;
    void begin_game(const GameHeader&, const Position&) {}
    void ply(const Position&, const PlyRecord&, int) { ++plies; }
    void end_game(const Position&) {}
};

TEST(PandemoniumFormat, DrawsNeedVersionTwo) {
    ChunkEncoder encoder;
    std::string error;
    ASSERT_TRUE(encoder.add(repetition_game(), &error)) << error;
    const std::vector<uint8_t> payload = encoder.finish();
    for (uint16_t version : {format::VERSION_NO_DRAWS, format::VERSION_DRAWS}) {
        ChunkDecoder decoder;
        CountingVisitor visitor;
        std::string why;
        const bool ok = decoder.open(payload, version, &why) && decoder.decode(visitor, true, &why);
        EXPECT_EQ(ok, version == format::VERSION_DRAWS) << why;
        if (!ok) {
            EXPECT_NE(why.find("bad game flags"), std::string::npos) << why;
        }
    }
}

// Random damage to a payload of castling, en passant, promotions and drops:
// refused or decoded, never a crash (the sanitizer build checks memory).
TEST(PandemoniumFormat, DamagedPayloadsNeverCrashTheDecoder) {
    ChunkEncoder encoder;
    std::string error;
    for (const GameRecord& g : all_games()) ASSERT_TRUE(encoder.add(g, &error)) << error;
    const std::vector<uint8_t> payload = encoder.finish();
    SplitMix64 rng(777);
    int decoded_anyway = 0;
    for (int trial = 0; trial < 1500; ++trial) {
        std::vector<uint8_t> copy = payload;
        const int edits = 1 + int(rng.below(4));
        for (int e = 0; e < edits && !copy.empty(); ++e) {
            const size_t at = size_t(rng.below(copy.size()));
            if (rng.chance(0.8))
                copy[at] ^= uint8_t(1 + rng.below(255));
            else
                copy.resize(at);
        }
        for (bool check : {false, true}) {
            ChunkDecoder decoder;
            CountingVisitor visitor;
            std::string why;
            if (decoder.open(copy, format::VERSION_DRAWS, &why) &&
                decoder.decode(visitor, check, &why))
                ++decoded_anyway;
        }
    }
    EXPECT_LT(decoded_anyway, 1500);
}

// The version-2 bytes are pinned: today's writer must reproduce the
// committed file (written by this test with PANTHEON_WRITE_DATA_FIXTURES=1
// when the format gains a version), and reading it gives the same games.
TEST(PandemoniumFormat, VersionTwoFileIsPinned) {
    const std::string fixture = FIXTURES + "/pandemonium_v2.pgd";
    const std::vector<GameRecord> games = rule_games();
    pantheon::test::TestDir dir;
    const std::string path = dir.file("pinned.pgd");
    std::string error;
    ASSERT_TRUE(write_game_file(path, games, &error)) << error;
    if (std::getenv("PANTHEON_WRITE_DATA_FIXTURES"))
        test::write_bytes(fixture, test::read_bytes(path));
    EXPECT_EQ(test::read_bytes(path), test::read_bytes(fixture));
    std::vector<GameRecord> back;
    ASSERT_TRUE(read_game_file(fixture, back, &error)) << error;
    EXPECT_EQ(back, games);
}

TEST(PandemoniumFormat, MansindamFilesAreRefused) {
    const std::string e = read_error(FIXTURES + "/mansindam_v1.pgd");
    EXPECT_NE(e.find("holds mansindam data"), std::string::npos) << e;
    EXPECT_NE(e.find("pandemonium"), std::string::npos) << e;
    TrainingStream stream;
    std::string error;
    EXPECT_FALSE(stream.open({FIXTURES + "/mansindam_v1.pgd"}, &error));
    EXPECT_NE(error.find("holds mansindam data"), std::string::npos) << error;
}

}  // namespace
}  // namespace pantheon::data
