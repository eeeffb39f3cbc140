// The repetition rule inside search: the guard agrees with the Position's
// exact count (null moves included), and scores that depend on the path (a
// move refused by the rule) never reach the transposition table.
#include "engine/search/repetition.h"

#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/search/search.h"

namespace pantheon::search {
namespace {

Move move(const Position& pos, const char* text) {
    const auto m = parse_move(pos, text);
    EXPECT_TRUE(m) << text;
    return m ? *m : Move::none();
}

// Plays the moves through the guard as the search does; false if one is refused.
bool play(Position& pos, RepetitionGuard& guard, std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
        const Move m = move(pos, text);
        const bool third = pos.repeats_third_time(m);
        EXPECT_EQ(guard.forbids(pos, m), third) << text;
        pos.do_move(m);
        const bool entered = guard.enter(pos);
        EXPECT_EQ(entered, !third) << text;
        if (!entered) {
            pos.undo_move();
            return false;
        }
    }
    return true;
}

TEST(RepetitionGuard, AgreesWithThePositionAcrossANullMove) {
    Position pos = Position::start();
    RepetitionGuard guard;
    guard.reset(pos);
    // After a pass, the knights shuffle back to the position after the pass:
    // its third occurrence (the pass counts as one) must be refused.
    guard.do_null_move(pos);
    ASSERT_TRUE(play(pos, guard, {"b9d8", "b1d2", "d8b9", "d2b1"}));
    ASSERT_TRUE(play(pos, guard, {"b9d8", "b1d2", "d8b9"}));
    EXPECT_FALSE(play(pos, guard, {"d2b1"}));
}

TEST(RepetitionGuard, CountsTheGameHistory) {
    Position pos = Position::start();
    for (const char* m : {"b1d2", "b9d8", "d2b1", "d8b9", "b1d2", "b9d8", "d2b1"})
        pos.do_move(move(pos, m));
    RepetitionGuard guard;
    guard.reset(pos);
    EXPECT_FALSE(play(pos, guard, {"d8b9"}));  // the start position a third time
    EXPECT_TRUE(play(pos, guard, {"d8c6"}));
}

TEST(SearchRepetition, ANodeWithARefusedMoveIsNeverStored) {
    // The knight checks the king from c5 and leaves; the situation "knight c5,
    // king f4, black to move" has occurred twice. From the root, after f4g5
    // b7c5 white may not play g5f4 (a third occurrence): that node's score
    // holds only on paths with this history and must stay out of the table.
    Position pos = *Position::from_fen("4k4/9/3n5/9/9/4K4/9/9/9[] b - - 0 1");
    for (const char* m : {"d7c5", "e4f4", "c5d7", "f4e4", "d7c5", "e4f4", "c5b7"})
        pos.do_move(move(pos, m));
    Position refused = pos;
    refused.do_move(move(refused, "f4g5"));
    refused.do_move(move(refused, "b7c5"));
    ASSERT_TRUE(refused.repeats_third_time(move(refused, "g5f4")));

    Engine engine;
    Limits limits;
    limits.depth = 6;
    const Result r = engine.search(pos, limits);
    EXPECT_TRUE(r.best);
    EXPECT_FALSE(engine.probe(refused)) << "path-dependent score stored";

    // Without that history the same situation is stored as usual.
    engine.new_game();
    engine.search(*Position::from_fen(pos.fen()), limits);
    EXPECT_TRUE(engine.probe(refused));
}

}  // namespace
}  // namespace pantheon::search
