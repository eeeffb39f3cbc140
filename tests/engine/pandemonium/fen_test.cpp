// Pandemonium FEN (SPEC "Notation"): the sixteen start setups, castling
// rights and en passant squares read and written back, ten-square runs, and
// refusal of what cannot be.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "engine/core/perft.h"
#include "engine/core/setups.h"
#include "test_support.h"

namespace pantheon::test {
namespace {

TEST(PandemoniumFen, SixteenSetupsRoundTripAndMatchTheReference) {
    ASSERT_EQ(START_SETUP_NB, 16);
    EXPECT_EQ(start_setup_fen(0), std::string(Variant::start_fen));
    std::set<std::string> distinct;
    for (int i = 0; i < START_SETUP_NB; ++i) {
        const std::string fen = start_setup_fen(i);
        Position pos = position(fen);
        EXPECT_EQ(pos.fen(), fen);
        EXPECT_EQ(pos.castling_rights(), ALL_CASTLING);
        EXPECT_EQ(perft(pos, 1), 38u) << fen;
        distinct.insert(fen);
    }
    EXPECT_EQ(distinct.size(), 16u);
    // Each side has one bishop and one knight on either side of its king.
    EXPECT_EQ(start_setup_fen(1, 2),
              "rnbqkmcnbr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RBNQKMCBNR[] w KQkq - 0 1");
    EXPECT_THROW(start_setup_fen(4, 0), std::out_of_range);
    // The reference files list the setups in the same order.
    if (shared_dir_available()) {
        const auto suite = load_perft_suite(shared_dir() / "reference" / "pandemonium-perft.tsv");
        ASSERT_GE(suite.size(), 16u);
        for (int i = 0; i < 16; ++i) EXPECT_EQ(suite[size_t(i)].fen, start_setup_fen(i));
    }
}

TEST(PandemoniumFen, FieldsRoundTrip) {
    for (std::string_view fen : {
             "r3k4r/10/10/10/10/10/10/10/10/R3K4R[] w Kq - 0 1",
             "4k5/10/10/10/10/2Pp6/10/10/10/4K5[MCQRBNPmcqrbnp] b - c3c4 0 12",
             "4k5/10/10/10/10/1pP7/10/10/10/4K5[] b - c4 0 3",
             "4k5/10/10/10/10/10/10/10/10/4K5[] w - - 7 30",
             "4k5/10/10/10/2Pp6/10/10/10/10/4K5[] w - d8d7 0 5",
             "+r3k+b3+n/10/10/10/10/10/10/10/10/+P+C2K4+M[] w - - 0 1",
         }) {
        Position pos = position(fen);
        EXPECT_EQ(pos.fen(), fen);
        EXPECT_EQ(pos.key(), pos.compute_key());
    }
}

TEST(PandemoniumFen, EnPassantSquaresNoPawnCouldUseAreDropped) {
    // Written only when an enemy pawn could take: here none can.
    Position pos = position("4k5/10/10/10/10/2P7/10/10/10/4K5[] b - c3c4 0 1");
    EXPECT_EQ(pos.fen(), "4k5/10/10/10/10/2P7/10/10/10/4K5[] b - - 0 1");
}

TEST(PandemoniumFen, RefusesWhatCannotBe) {
    for (std::string_view fen : {
             "4k5/10/10/10/10/10/10/10/10/4K5[] w K - 0 1",       // no rook on j1
             "r3k4r/10/10/10/10/10/10/10/10/R4K3R[] w Q - 0 1",   // king not on e1
             "r3k4r/10/10/10/10/10/10/10/10/R3K4R[] w KK - 0 1",  // twice
             "r3k4r/10/10/10/10/10/10/10/10/R3K4R[] w X - 0 1",   // unknown
             "4k5/10/10/10/10/1pP7/10/10/10/4K5[] b - c6 0 3",    // square not passed
             "4k5/10/10/10/10/1pP7/10/10/10/4K5[] b - c2c3 0 3",  // not the pawn's path
             "4k5/10/10/10/10/1pP7/10/10/10/4K5[] w - c3 0 3",    // wrong side
             "4k5/10/10/10/10/1pP7/10/10/10/4K5[] b - c3c 0 3",   // malformed
             "4k4P/10/10/10/10/10/10/10/10/4K5[] w - - 0 1",      // pawn on the last rank
             "4k5/10/10/10/10/10/10/10/10/P3K5[] w - - 0 1",      // pawn on its first rank
             "4k5/10/10/10/10/10/10/10/10/4K5[A] w - - 0 1",      // no angel here
             "4k5/10/10/10/10/10/10/10/10/4K5[QQQ] w - - 0 1",    // three queens
             "4k5/10/10/10/10/10/10/10/10/4K4[] w - - 0 1",       // short rank
             "4k5/10/10/10/10/10/10/10/10/4K6[] w - - 0 1",       // long rank
             "4k5/10/10/10/10/10/10/10/4K5[] w - - 0 1",          // nine ranks
             "4k5/10/10/10/10/10/10/10/10/+Q3K5[] w - - 0 1",     // queens never promote
         }) {
        std::string error;
        EXPECT_FALSE(Position::from_fen(fen, &error).has_value()) << fen;
        EXPECT_NE(error.find("invalid FEN"), std::string::npos) << fen;
    }
    // Doubled pawns are allowed in this variant.
    EXPECT_TRUE(Position::from_fen("4k5/10/10/10/2P7/10/10/10/2P7/4K5[] w - - 0 1").has_value());
}

}  // namespace
}  // namespace pantheon::test
