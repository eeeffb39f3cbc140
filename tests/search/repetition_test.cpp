// The repetition rule inside search: the guard agrees with the Position's
// exact count (null moves included), and scores that depend on the path (a
// move refused by the rule) never reach the transposition table.
#include "engine/search/repetition.h"

#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/core/rules.h"
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
    pos.do_null_move();
    guard.enter_null(pos);
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

TEST(SearchRepetition, AWinByARefusedMoveIsNeverStored) {
    // White's king shuttles a4-a5 and black's knight c6-e7, checking from c6.
    // Boxed in by its own pieces, the king in check on a5 has one move, a5a4,
    // and that situation has occurred twice: after a4a5 e7c6 white has no
    // legal move. So "black mates in one" after a4a5, but only with this
    // history; that score must never go into the table.
    Position pos = *Position::from_fen("8k/9/9/PPn6/1N7/K8/9/9/9[] b - - 0 1");
    for (const char* m : {"c6e7", "a4a5", "e7c6", "a5a4", "c6e7"}) pos.do_move(move(pos, m));
    Position lost = pos;
    lost.do_move(move(lost, "a4a5"));
    lost.do_move(move(lost, "e7c6"));
    MoveList moves;
    generate_game_moves(lost, moves);
    ASSERT_EQ(moves.size(), 0u);
    Position wins = pos;
    wins.do_move(move(wins, "a4a5"));  // black to move, mates in one here

    Engine engine;
    Limits limits;
    limits.depth = 4;
    // Only a4a5 at the root: the node after it is then searched with a full
    // window, so e7c6 (a check, never pruned) is always tried there.
    limits.searchmoves = {move(pos, "a4a5")};
    EXPECT_TRUE(is_mate_score(engine.search(pos, limits).score));
    const auto entry = engine.probe(wins);
    EXPECT_TRUE(!entry || !is_mate_score(entry->score)) << "path-dependent mate stored";

    // Without that history the same situation is no win for black.
    engine.new_game();
    const Result fresh = engine.search(*Position::from_fen(pos.fen()), limits);
    ASSERT_EQ(fresh.best, limits.searchmoves[0]);
    EXPECT_FALSE(is_mate_score(fresh.score));
}

}  // namespace
}  // namespace pantheon::search
