#include "referee/opening_book.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/test_dir.h"
#include "util/text_hash.h"

namespace pantheon::referee {
namespace {

const std::string START = "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1";

TEST(OpeningBook, FenAndEpdLines) {
    std::string error;
    const auto fen = fen_from_book_line(START, &error);
    ASSERT_TRUE(fen) << error;
    // EPD: four fields and operations, counters filled in.
    const auto epd = fen_from_book_line(
        "rnbak1cnm/6q2/ppppppppp/9/9/3PP3C/PPP2PPPP/5B3/MN1QKA1NR[] b - - id \"x\";", &error);
    ASSERT_TRUE(epd) << error;
    EXPECT_NE(epd->find(" b - - 0 1"), std::string::npos);
    EXPECT_FALSE(fen_from_book_line("not a fen at all", &error));
    EXPECT_FALSE(fen_from_book_line("9/9/9 w - -", &error));
}

TEST(OpeningBook, LoadsSkipsCommentsAndNamesBadLines) {
    const pantheon::test::TestDir test_dir;
    const std::filesystem::path& dir = test_dir.path();
    {
        std::ofstream(dir / "good.epd") << "# comment\n\n  # indented comment\n" << START << "\n";
        std::ofstream(dir / "bad.epd") << START << "\nnot a position\n";
        std::ofstream(dir / "empty.epd") << "# nothing\n";
    }
    OpeningBook book;
    std::string error;
    ASSERT_TRUE(load_opening_book((dir / "good.epd").string(), book, &error)) << error;
    ASSERT_EQ(book.fens.size(), 1u);
    // The hash of the normalised book text, one position a line.
    EXPECT_EQ(book.content_hash, util::text_hash(book.fens[0] + "\n"));
    EXPECT_FALSE(load_opening_book((dir / "bad.epd").string(), book, &error));
    EXPECT_NE(error.find(":2:"), std::string::npos) << error;
    EXPECT_FALSE(load_opening_book((dir / "empty.epd").string(), book, &error));
    EXPECT_FALSE(load_opening_book((dir / "missing.epd").string(), book, &error));
}

}  // namespace
}  // namespace pantheon::referee
