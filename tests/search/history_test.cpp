// Move-ordering statistics (engine/search/history.h): a quiet move's score
// is its butterfly entry plus its record as the reply to each of the two
// moves before it, and an update reaches exactly those entries.
#include "engine/search/history.h"

#include <gtest/gtest.h>

#include <memory>

#include "search_test_support.h"

namespace pantheon::search {
namespace {

using test::move_in;

class HistoryTest : public ::testing::Test {
  protected:
    void SetUp() override { history->clear(); }
    std::unique_ptr<History> history = std::make_unique<History>();
    const Position pos = Position::start();
};

TEST_F(HistoryTest, AReplyIsScoredInTheContextOfTheMovesBeforeIt) {
    const Move reply = move_in(pos, "e3e4");
    const Piece moved = pos.moved_piece(reply);
    const Piece black_knight = make_piece(BLACK, KNIGHT);
    const Piece black_pawn = make_piece(BLACK, PAWN);
    ContinuationContext after_knight;
    after_knight.tables[0] = &history->continuation[black_knight][SQUARE_NB - 1];
    ContinuationContext after_pawn;
    after_pawn.tables[0] = &history->continuation[black_pawn][0];

    history->update_quiet(WHITE, reply, moved, after_knight, 1000);
    const int butterfly = history->quiet_score(WHITE, reply);
    EXPECT_GT(butterfly, 0);
    // The same butterfly entry counts in both contexts; the continuation
    // entry only after the move it was learned after.
    EXPECT_EQ(history->quiet_score(WHITE, reply, moved, after_pawn), butterfly);
    EXPECT_EQ(history->quiet_score(WHITE, reply, moved, after_knight), 2 * butterfly);
    EXPECT_EQ(history->quiet_score(WHITE, reply, moved, ContinuationContext{}), butterfly);
}

TEST_F(HistoryTest, BothEarlierMovesLearnAndAMalusLowersTheScore) {
    const Move quiet = move_in(pos, "c3c4");
    const Piece moved = pos.moved_piece(quiet);
    ContinuationContext two_back;
    two_back.tables[0] = &history->continuation[make_piece(BLACK, ROOK)][5];
    two_back.tables[1] = &history->continuation[make_piece(WHITE, BISHOP)][7];

    history->update_quiet(WHITE, quiet, moved, two_back, 800);
    EXPECT_EQ(history->quiet_score(WHITE, quiet, moved, two_back),
              3 * history->quiet_score(WHITE, quiet));
    ContinuationContext second_only;
    second_only.tables[1] = two_back.tables[1];
    EXPECT_EQ(history->quiet_score(WHITE, quiet, moved, second_only),
              2 * history->quiet_score(WHITE, quiet));

    history->update_quiet(WHITE, quiet, moved, two_back, -3000);
    EXPECT_LT(history->quiet_score(WHITE, quiet, moved, two_back), 0);
}

TEST_F(HistoryTest, ScoresStayWithinTheirBound) {
    const Move m = move_in(pos, "e3e4");
    const Piece moved = pos.moved_piece(m);
    ContinuationContext context;
    context.tables[0] = &history->continuation[make_piece(BLACK, PAWN)][10];
    for (int i = 0; i < 1000; ++i) history->update_quiet(WHITE, m, moved, context, 5000);
    EXPECT_LE(history->quiet_score(WHITE, m, moved, context), 2 * params::HISTORY_MAX);
    EXPECT_GT(history->quiet_score(WHITE, m, moved, context), 2 * params::HISTORY_MAX - 100);
}

}  // namespace
}  // namespace pantheon::search
