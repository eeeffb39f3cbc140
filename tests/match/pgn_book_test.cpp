// PGN files as opening books (fastchess's -openings format=pgn plies=N): each
// game's position after its moves, from its FEN tag or the start, truncated
// to N plies; a broken game is refused with its number.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/core/movegen.h"
#include "engine/core/notation.h"
#include "engine/core/position.h"
#include "match/openings.h"
#include "match/variant_rules.h"
#include "tests/test_dir.h"

using namespace pantheon;
using namespace pantheon::match;

namespace {

constexpr const char* OTHER_START =
    "rnbak1cnm/6q2/ppppppppp/9/9/3PP3C/PPP2PPPP/5B3/MN1QKA1NR[] b - - 9 5";

struct Line {
    std::vector<std::string> moves;  // UCI texts
    std::vector<std::string> fens;   // fens[i]: after the first i moves
};

// `n` legal moves from `fen`, picked by the move generator (not by the text
// parser the book uses), with the position after each prefix.
Line line_from(const std::string& fen, int n, int pick) {
    Line line;
    auto pos = *Position::from_fen(fen);
    line.fens.push_back(pos.fen());
    for (int i = 0; i < n; ++i) {
        MoveList moves;
        generate_legal(pos, moves);
        const Move m = moves[(i * pick) % moves.size()];
        line.moves.push_back(move_to_string(m));
        pos.do_move(m);
        line.fens.push_back(pos.fen());
    }
    return line;
}

std::string pgn_game(const Line& line, const std::string& fen_tag, const std::string& result) {
    std::string s = "[Event \"book\"]\n[Variant \"mansindam\"]\n";
    if (!fen_tag.empty()) s += "[FEN \"" + fen_tag + "\"]\n[SetUp \"1\"]\n";
    s += "\n";
    for (size_t i = 0; i < line.moves.size(); ++i) {
        if (i % 2 == 0) s += std::to_string(i / 2 + 1) + ". ";
        s += line.moves[i] + " {+0.10/5 0.010s} ";
    }
    return s + result + "\n\n";
}

class PgnBookTest : public ::testing::Test {
  protected:
    std::string write(const std::string& name, const std::string& text) {
        const std::string path = dir_.file(name);
        std::ofstream(path) << text;
        return path;
    }
    const pantheon::test::TestDir dir_;
};

TEST_F(PgnBookTest, EachGameGivesThePositionAfterItsMoves) {
    const Line a = line_from(Position::start().fen(), 6, 5);
    const Line b = line_from(OTHER_START, 3, 7);
    const std::string path =
        write("book.pgn", pgn_game(a, "", "*") + pgn_game(b, OTHER_START, "1-0"));
    const VariantRules& rules = *variant_rules("mansindam");
    std::vector<std::string> fens;
    std::string error;
    ASSERT_TRUE(rules.load_opening_book(path, BookFormat::Pgn, SIZE_MAX, fens, &error)) << error;
    ASSERT_EQ(fens.size(), 2u);
    EXPECT_EQ(fens[0], a.fens[6]);
    EXPECT_EQ(fens[1], b.fens[3]);

    // plies=4: the first four plies of each game, or all of a shorter one.
    fens.clear();
    ASSERT_TRUE(rules.load_opening_book(path, BookFormat::Pgn, 4, fens, &error)) << error;
    EXPECT_EQ(fens[0], a.fens[4]);
    EXPECT_EQ(fens[1], b.fens[3]);
}

TEST_F(PgnBookTest, FormatFollowsTheExtensionUnlessGiven) {
    const Line a = line_from(Position::start().fen(), 2, 3);
    OpeningSettings settings;
    settings.file = write("book.pgn", pgn_game(a, "", "*"));
    EXPECT_EQ(book_format(settings, nullptr), BookFormat::Pgn);
    OpeningBook book;
    std::string error;
    ASSERT_TRUE(book.load(settings, *variant_rules("mansindam"), &error)) << error;
    EXPECT_EQ(book.for_round(0, 0), a.fens[2]);

    // The same games under another name, told apart by --openings-format.
    settings.file = write("book.txt", pgn_game(a, "", "*"));
    EXPECT_EQ(book_format(settings, nullptr), BookFormat::Epd);
    EXPECT_FALSE(book.load(settings, *variant_rules("mansindam"), &error));
    settings.format = "pgn";
    ASSERT_TRUE(book.load(settings, *variant_rules("mansindam"), &error)) << error;
    settings.format = "fen";
    EXPECT_FALSE(book_format(settings, &error));
    EXPECT_NE(error.find("'fen'"), std::string::npos) << error;
}

TEST_F(PgnBookTest, BrokenGamesAreRefusedByNumber) {
    const Line a = line_from(Position::start().fen(), 4, 3);
    Line illegal = a;
    illegal.moves[2] = "a1a9";
    const VariantRules& rules = *variant_rules("mansindam");
    std::vector<std::string> fens;
    std::string error;
    const std::string bad_move = write("m.pgn", pgn_game(a, "", "*") + pgn_game(illegal, "", "*"));
    EXPECT_FALSE(rules.load_opening_book(bad_move, BookFormat::Pgn, SIZE_MAX, fens, &error));
    EXPECT_NE(error.find("game 2: move 3 'a1a9'"), std::string::npos) << error;
    // Cut before the bad move, the game is a fine opening.
    fens.clear();
    EXPECT_TRUE(rules.load_opening_book(bad_move, BookFormat::Pgn, 2, fens, &error)) << error;

    const std::string bad_fen = write("f.pgn", pgn_game(a, "x/y z", "*"));
    EXPECT_FALSE(rules.load_opening_book(bad_fen, BookFormat::Pgn, SIZE_MAX, fens, &error));
    EXPECT_NE(error.find("game 1: FEN"), std::string::npos) << error;

    const std::string unfinished = write("u.pgn", pgn_game(a, "", "*") + "[Event \"x\"]\n\n1. ");
    EXPECT_FALSE(rules.load_opening_book(unfinished, BookFormat::Pgn, SIZE_MAX, fens, &error));
    EXPECT_NE(error.find("(game 2)"), std::string::npos) << error;

    const std::string empty = write("e.pgn", "\n");
    EXPECT_FALSE(rules.load_opening_book(empty, BookFormat::Pgn, SIZE_MAX, fens, &error));
    EXPECT_NE(error.find("no games"), std::string::npos) << error;

    const std::string pandemonium = write("p.pgn", "[Variant \"pandemonium\"]\n\n*\n");
    EXPECT_FALSE(rules.load_opening_book(pandemonium, BookFormat::Pgn, SIZE_MAX, fens, &error));
    EXPECT_NE(error.find("game 1: Variant"), std::string::npos) << error;
}

}  // namespace
