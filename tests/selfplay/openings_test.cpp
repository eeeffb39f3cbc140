#include "selfplay/openings.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "engine/core/rules.h"
#include "tests/shared_data.h"
#include "tests/test_dir.h"

namespace pantheon::selfplay {
namespace {

using pantheon::test::TestDir;

Position play_out(const Opening& opening, const referee::OpeningBook* book) {
    Position pos = opening_start(opening, book);
    for (Move m : opening.moves) pos.do_move(m);
    return pos;
}

TEST(SelfplayOpenings, DrawIsAPureFunctionOfSeedIndexAndAttempt) {
    const OpeningRules rules{6, 12, true};
    for (uint64_t index = 0; index < 20; ++index) {
        const auto a = draw_opening(rules, nullptr, 5, index, 0);
        const auto b = draw_opening(rules, nullptr, 5, index, 0);
        ASSERT_TRUE(a && b);
        EXPECT_EQ(a->moves, b->moves);
        EXPECT_GE(a->moves.size(), 6u);
        EXPECT_LE(a->moves.size(), 12u);
        const Position end = play_out(*a, nullptr);
        EXPECT_EQ(end.key(), a->key);
        EXPECT_FALSE(game_result(end).over());
    }
    const auto x = draw_opening(rules, nullptr, 5, 0, 0);
    const auto y = draw_opening(rules, nullptr, 6, 0, 0);
    const auto z = draw_opening(rules, nullptr, 5, 0, 1);
    EXPECT_NE(x->moves, y->moves);
    EXPECT_NE(x->moves, z->moves);
}

TEST(SelfplayOpenings, DealerNeverRepeatsAnOpeningPosition) {
    // Two random plies from the start allow only a few hundred positions, so
    // repeats are frequent and must be redrawn.
    const OpeningRules rules{2, 2, true};
    OpeningDealer dealer(rules, nullptr, 11);
    std::set<Key> keys;
    int redrawn = 0;
    for (int i = 0; i < 300; ++i) {
        const uint64_t index = dealer.next_index();
        uint32_t attempt = 0;
        std::string error;
        ASSERT_TRUE(dealer.next(attempt, &error)) << error;
        redrawn += attempt > 0;
        const auto opening = draw_opening(rules, nullptr, 11, index, attempt);
        ASSERT_TRUE(opening);
        EXPECT_TRUE(keys.insert(opening->key).second) << "game " << index;
    }
    EXPECT_GT(redrawn, 0);
}

TEST(SelfplayOpenings, ExhaustedOpeningSpaceIsAnError) {
    const OpeningRules rules{0, 0, true};
    OpeningDealer dealer(rules, nullptr, 1);
    uint32_t attempt = 0;
    std::string error;
    EXPECT_TRUE(dealer.next(attempt, &error));
    EXPECT_FALSE(dealer.next(attempt, &error));
    EXPECT_NE(error.find("exhausted"), std::string::npos) << error;

    OpeningDealer repeats({0, 0, false}, nullptr, 1);
    EXPECT_TRUE(repeats.next(attempt, &error));
    EXPECT_TRUE(repeats.next(attempt, &error));
}

TEST(SelfplayOpenings, BookIsDealtOutEvenly) {
    TestDir dir;
    {
        std::ofstream out(dir.file("book.epd"));
        out << "# three positions, one as EPD with an operation\n"
            << "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1\n\n"
            << "rnbakqcnm/9/ppppppppp/9/9/4P4/PPPP1PPPP/9/MNCQKABNR[] b - - 0 1\n"
            << "rnbakqcnm/9/pppp1pppp/4p4/9/4P4/PPPP1PPPP/9/MNCQKABNR[] w - - id \"x\";\n";
    }
    referee::OpeningBook book;
    std::string error;
    ASSERT_TRUE(referee::load_opening_book(dir.file("book.epd"), book, &error)) << error;
    ASSERT_EQ(book.fens.size(), 3u);
    const OpeningRules rules{0, 0, false};
    for (uint64_t round = 0; round < 3; ++round) {
        std::set<int> used;
        for (uint64_t i = 0; i < 3; ++i)
            used.insert(draw_opening(rules, &book, 9, round * 3 + i, 0)->book_index);
        EXPECT_EQ(used.size(), 3u) << "round " << round;
    }
    // Unique openings without random plies: three games fit, a fourth does not.
    OpeningDealer dealer({0, 0, true}, &book, 9);
    uint32_t attempt = 0;
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(dealer.next(attempt, &error)) << error;
    EXPECT_FALSE(dealer.next(attempt, &error));
}

TEST(SelfplayOpenings, BadBookLinesAreNamed) {
    TestDir dir;
    {
        std::ofstream out(dir.file("bad.epd"));
        out << "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1\n"
            << "not a position\n";
    }
    referee::OpeningBook book;
    std::string error;
    EXPECT_FALSE(referee::load_opening_book(dir.file("bad.epd"), book, &error));
    EXPECT_NE(error.find("bad.epd:2"), std::string::npos) << error;
    EXPECT_FALSE(referee::load_opening_book(dir.file("missing.epd"), book, &error));
    EXPECT_NE(error.find("cannot open"), std::string::npos) << error;
    {
        std::ofstream out(dir.file("empty.epd"));
        out << "# nothing\n";
    }
    EXPECT_FALSE(referee::load_opening_book(dir.file("empty.epd"), book, &error));
}

TEST(SelfplayOpenings, SharedBookLoads) {
    PANTHEON_REQUIRE_SHARED_DIR();
    referee::OpeningBook book;
    std::string error;
    ASSERT_TRUE(referee::load_opening_book(pantheon::test::shared_book_path(), book, &error))
        << error;
    EXPECT_EQ(book.fens.size(), 600u);
}

}  // namespace
}  // namespace pantheon::selfplay
