#include "data/move_code.h"

#include <gtest/gtest.h>

#include <set>

#include "data/game_replay.h"
#include "data/synthetic_games.h"
#include "engine/core/movegen.h"
#include "engine/core/notation.h"

namespace pantheon::data {
namespace {

// Positions from random games, hands filling up as they go.
std::vector<Position> sample_positions(int games) {
    std::vector<Position> out;
    for (const GameRecord& g : synthetic_games(games, 99)) {
        auto pos = start_position(g, nullptr);
        for (const PlyRecord& p : g.plies) {
            out.push_back(*pos);
            pos->do_move(p.played);
        }
    }
    return out;
}

TEST(MoveCode, EveryLegalMoveHasAUniqueCodeThatNamesItAgain) {
    int checked = 0;
    for (const Position& pos : sample_positions(40)) {
        MoveList legal;
        generate_legal(pos, legal);
        std::set<std::pair<int, int>> codes;
        for (Move m : legal) {
            const MoveCode c = encode_move(pos, m);
            ASSERT_EQ(c.drop, m.is_drop());
            ASSERT_EQ(source_is_drop(pos, c.source), m.is_drop());
            ASSERT_EQ(decode_move(pos, c.source, c.target), m)
                << pos.fen() << " " << move_to_string(m);
            ASSERT_TRUE(codes.insert({c.source, c.target}).second) << move_to_string(m);
            ++checked;
        }
    }
    EXPECT_GT(checked, 100000);
}

TEST(MoveCode, ArbitraryCodesNeverCaptureAKingAndLegalOnesRoundTrip) {
    for (const Position& pos : sample_positions(5)) {
        for (int s = 0; s < 256; ++s)
            for (int t = 0; t < 256; t += (t < 90 ? 1 : 37)) {
                const Move m = decode_move(pos, uint8_t(s), uint8_t(t));
                if (!m) continue;
                if (!m.is_drop()) {
                    ASSERT_EQ(color_of(pos.piece_on(m.from())), pos.side_to_move());
                    const Piece victim = pos.piece_on(m.to());
                    ASSERT_TRUE(victim == NO_PIECE || (type_of(victim) != KING &&
                                                       color_of(victim) != pos.side_to_move()));
                } else {
                    ASSERT_GT(pos.hand_count(pos.side_to_move(), m.dropped()), 0);
                    ASSERT_EQ(pos.piece_on(m.to()), NO_PIECE);
                }
                if (is_legal(pos, m)) {
                    const MoveCode c = encode_move(pos, m);
                    ASSERT_EQ(c.source, s);
                    ASSERT_EQ(c.target, t);
                }
            }
    }
}

TEST(MoveCode, NthSquareSelectsAcrossBothHalves) {
    const Bitboard b = bit(3) | bit(40) | bit(63) | bit(64) | bit(80);
    const Square expected[] = {3, 40, 63, 64, 80};
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(nth_square(b, i), expected[i]);
        EXPECT_EQ(square_rank_in(b, expected[i]), i);
    }
}

}  // namespace
}  // namespace pantheon::data
