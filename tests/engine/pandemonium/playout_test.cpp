// Pandemonium make/unmake along random playouts from the sixteen setups:
// every state is consistent (tables, incremental hash, checkers), key_after
// predicts the key, the FEN reads back to the same position, the tactical and
// quiet sets split the legal moves, and taking every move back restores the start. Castling, en
// passant and promotions all occur.
#include <gtest/gtest.h>

#include "engine/core/setups.h"
#include "test_support.h"

namespace pantheon::test {
namespace {

TEST(PandemoniumPlayout, MakeUnmakeHashAndFenStayConsistent) {
    std::mt19937_64 rng(20261122);
    int castlings = 0, en_passants = 0, promotions = 0, drops = 0;
    for (int game = 0; game < 64; ++game) {
        Position pos = position(start_setup_fen(game % START_SETUP_NB));
        const std::string start = pos.fen();
        std::vector<std::string> fens{start};
        for (int ply = 0; ply < 160; ++ply) {
            // En passant is rare in random play: take it whenever it is there.
            MoveList legal, tactical, quiet;
            generate_legal(pos, legal);
            generate<GenType::Tactical>(pos, tactical);
            generate<GenType::Quiet>(pos, quiet);
            // The search's two stages together are exactly the legal moves.
            ASSERT_EQ(tactical.size() + quiet.size(), legal.size()) << pos.fen();
            for (Move t : tactical) {
                ASSERT_TRUE(legal.contains(t));
                ASSERT_TRUE(t.is_promotion() || pos.is_capture(t)) << pos.fen();
            }
            for (Move q : quiet) ASSERT_TRUE(legal.contains(q)) << pos.fen();
            Move m = random_legal_move(pos, rng);
            for (Move candidate : legal)
                if (pos.is_en_passant(candidate)) m = candidate;
            if (!m) break;
            castlings += pos.is_castling(m);
            en_passants += pos.is_en_passant(m);
            promotions += m.is_promotion();
            drops += m.is_drop();
            const Key predicted = pos.key_after(m);
            pos.do_move(m);
            std::string why;
            ASSERT_TRUE(pos.is_consistent(&why)) << why << " after " << fens.back();
            ASSERT_EQ(pos.key(), predicted) << fens.back();
            const std::string fen = pos.fen();
            Position reread = position(fen);
            ASSERT_EQ(reread.fen(), fen);
            ASSERT_EQ(reread.key(), pos.key()) << fen;
            fens.push_back(fen);
        }
        while (pos.game_ply() > 0) {
            pos.undo_move();
            fens.pop_back();
            ASSERT_EQ(pos.fen(), fens.back());
        }
        EXPECT_EQ(pos.fen(), start);
    }
    EXPECT_GT(castlings, 0);
    EXPECT_GT(en_passants, 0);
    EXPECT_GT(promotions, 0);
    EXPECT_GT(drops, 0);
}

}  // namespace
}  // namespace pantheon::test
