// FEN (SPEC "Notation"): exact round trip, and strict parsing that refuses a
// malformed position with a message naming the problem.
#include <gtest/gtest.h>

#include <random>

#include "random_position.h"
#include "test_support.h"

namespace pantheon::test {
namespace {

constexpr std::string_view START = "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1";

TEST(FenRoundTrip, StartPosition) {
    EXPECT_EQ(Position::start().fen(), START);
    EXPECT_EQ(Position().fen(), START);
    EXPECT_EQ(position(START).key(), Position::start().key());
}

TEST(FenRoundTrip, EveryReferenceAndOpeningFen) {
    PANTHEON_REQUIRE_SHARED_DIR();
    const auto fens = all_reference_fens();
    ASSERT_GT(fens.size(), 600u);
    for (const std::string& fen : fens) {
        std::string error;
        const auto pos = Position::from_fen(fen, &error);
        ASSERT_TRUE(pos) << fen << ": " << error;
        EXPECT_EQ(pos->fen(), fen);
        std::string why;
        EXPECT_TRUE(pos->is_consistent(&why)) << fen << ": " << why;
    }
}

TEST(FenRoundTrip, RandomPositions) {
    // The generator writes hands in the order fen() uses, so the text must match.
    std::mt19937_64 rng(0xFE11);
    for (int i = 0; i < 2000; ++i) {
        const std::string fen = random_valid_fen(rng);
        EXPECT_EQ(position(fen).fen(), fen);
    }
}

TEST(FenRoundTrip, CountersAndOptionalFields) {
    EXPECT_EQ(position("4k4/9/9/9/9/9/9/9/4K4[] b - - 17 42").fen(),
              "4k4/9/9/9/9/9/9/9/4K4[] b - - 17 42");
    // Castling, en passant and counters may be left out; they print as defaults.
    EXPECT_EQ(position("4k4/9/9/9/9/9/9/9/4K4[] b").fen(), "4k4/9/9/9/9/9/9/9/4K4[] b - - 0 1");
    EXPECT_EQ(position("4k4/9/9/9/9/9/9/9/4K4[] w - -").fen(), "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1");
    // Extra white space between fields is tolerated.
    EXPECT_EQ(position("  4k4/9/9/9/9/9/9/9/4K4[]   w - -  3 5 ").fen(),
              "4k4/9/9/9/9/9/9/9/4K4[] w - - 3 5");
}

TEST(FenRoundTrip, HandsPrintInCanonicalOrder) {
    EXPECT_EQ(position("4k4/9/9/9/9/9/9/9/4K4[NBRQCMAPnbp] w - - 0 1").fen(),
              "4k4/9/9/9/9/9/9/9/4K4[PAMCQRBNpbn] w - - 0 1");
}

TEST(FenRoundTrip, PromotedPieces) {
    const std::string fen = "k8/9/9/+P+N+B+R+C+M3/9/3+p+n+b+r+c1/9/9/K8[] w - - 0 1";
    const Position pos = position(fen);
    EXPECT_EQ(pos.fen(), fen);
    EXPECT_EQ(pos.piece_on(make_square(0, 5)), make_piece(WHITE, GUARD));
    EXPECT_EQ(pos.piece_on(make_square(5, 5)), make_piece(WHITE, SHIP));
    EXPECT_EQ(pos.piece_on(make_square(3, 3)), make_piece(BLACK, GUARD));
    EXPECT_EQ(pos.piece_on(make_square(7, 3)), make_piece(BLACK, RHINO));
}

struct Malformed {
    const char* fen;
    const char* problem;  // must appear in the error message
};

const Malformed MALFORMED[] = {
    {"", "empty"},
    {"   ", "empty"},
    {"rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[]", "missing side to move"},
    {"rnbakqcn/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w", "rank 9 has 8 squares, expected 9"},
    {"rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABN[] w", "rank 1 has 8 squares, expected 9"},
    {"rnbakqcnmr/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w", "rank 9 is too long"},
    {"rnbakqcnm/91/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w", "rank 8 is too long"},
    {"rnbakqcnm/10/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w", "rank 8 is too long"},
    {"rnbakqcnm/99999999999999999999/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w",
     "rank 8 is too long"},
    {"rnbakqcnm/0/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w", "rank 8 has an empty run of 0"},
    {"rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR/9[] w", "too many ranks"},
    {"rnbakqcnm/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w", "8 ranks, expected 9"},
    {"rnbakqcnx/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w", "unknown piece letter 'x'"},
    {"rnbakqcn?/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w", "unknown piece letter '?'"},
    {"rnbak+qcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w", "'q' cannot be promoted"},
    {"rnba+kqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w", "'k' cannot be promoted"},
    {"rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABN+[] w", "'+'"},
    {"rnba1qcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w", "missing black king"},
    {"rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQ1ABNR[] w", "missing white king"},
    {"rnbakqcnm/9/ppppppppp/9/4k4/9/PPPPPPPPP/9/MNCQKABNR[] w", "more than one black king"},
    {"rnbakqcnm/9/ppppppppp/9/4K4/9/PPPPPPPPP/9/MNCQKABNR[] w", "more than one white king"},
    {"4k3P/9/9/9/9/9/9/9/4K4[] w", "pawn on its last rank at i9"},
    {"4k4/9/9/9/9/9/9/9/p3K4[] w", "pawn on its last rank at a1"},
    {"4k4/9/9/9/4P4/4P4/9/9/4K4[] w", "two unpromoted white pawns on file e"},
    {"rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[P] w", "impossible material"},
    {"rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[r] w", "rooks on board and in hand"},
    {"4k4/9/9/9/9/9/9/9/4K4[NNNNN] w", "5 knights on board and in hand, at most 4"},
    {"4k4/9/9/9/9/9/9/9/4K4[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP] w", "hand"},
    {"4k4/9/9/9/9/9/9/9/4K4[K] w", "'K' cannot be in hand"},
    {"4k4/9/9/9/9/9/9/9/4K4[x] w", "'x' cannot be in hand"},
    {"4k4/9/9/9/9/9/9/9/4K4[+R] w", "'+' cannot be in hand"},
    {"4k4/9/9/9/9/9/9/9/4K4 w", "missing hand"},
    {"4k4/9/9/9/9/9/9/9/4K4[P w", "hand must be written as [..]"},
    {"4k4/9/9/9/9/9/9/9/4K4[P][p] w", "hand must be written as [..]"},
    {"4k4/9/9/9/9/9/9/9/4K4[] x", "side to move must be 'w' or 'b', got 'x'"},
    {"4k4/9/9/9/9/9/9/9/4K4[] W", "side to move"},
    {"4k4/9/9/9/4R4/9/9/9/4K4[] w", "side not to move is in check"},
    {"4k4/9/9/9/9/9/9/9/4K4[] w KQkq - 0 1", "castling"},
    {"4k4/9/9/9/9/9/9/9/4K4[] w - e3 0 1", "en passant"},
    {"4k4/9/9/9/9/9/9/9/4K4[] w - - x 1", "half-move clock"},
    {"4k4/9/9/9/9/9/9/9/4K4[] w - - -1 1", "half-move clock"},
    {"4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1.5", "move number"},
    {"4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1 extra", "too many fields"},
};

TEST(FenStrict, RefusesMalformedWithMessageNamingTheProblem) {
    for (const Malformed& c : MALFORMED) {
        std::string error;
        EXPECT_FALSE(Position::from_fen(c.fen, &error)) << "accepted: " << c.fen;
        EXPECT_NE(error.find(c.problem), std::string::npos)
            << "FEN: " << c.fen << "\nexpected message naming: " << c.problem << "\ngot: " << error;
        EXPECT_EQ(error.rfind("invalid FEN: ", 0), 0u) << error;
        EXPECT_FALSE(Position::from_fen(c.fen));  // no error pointer: still no crash
    }
}

TEST(FenStrict, AcceptsWhatTheRulesAllow) {
    // Side to move in check, finished games, promoted pieces in the zone,
    // two Guards on a file, a pawn beside a Guard on its file.
    for (const char* fen : {
             "4k4/9/9/9/4r4/9/9/9/4K4[] w - - 0 1",
             "4K4/9/9/9/9/9/9/9/4k4[] w - - 0 1",
             "4k4/4+P4/9/4+P4/4P4/9/9/9/4K4[] b - - 0 1",
             "4k4/9/9/9/9/9/9/9/4K4[PPPPPPPPPPPPPPPPPP] w - - 0 1",
         }) {
        std::string error;
        EXPECT_TRUE(Position::from_fen(fen, &error)) << fen << ": " << error;
    }
}

}  // namespace
}  // namespace pantheon::test
