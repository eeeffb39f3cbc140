// Forced wins are found with the right distance: checkmates (by moves and by
// drops, pawn drops included), campmate wins, and the defence against a
// campmate threat. Every position's claim is verified by the exhaustive
// prover first, independently of the engine.
#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/core/rules.h"
#include "engine/search/move_check.h"
#include "engine/search/search.h"
#include "mate_prover.h"
#include "search_test_support.h"

namespace pantheon::search {
namespace {

struct MateCase {
    const char* fen;
    int moves;  // the side to move wins in this many of its moves (and not fewer)
};

// Hand-made positions and positions from random games (found with a short
// search, kept only where the prover confirms the distance).
constexpr MateCase MATE_CASES[] = {
    // mate in 1: pawn drop (allowed in Mansindam), queen drop, knight drop
    {"3nkn3/3p1p3/9/3N5/9/9/9/9/4K4[P] w - - 0 1", 1},
    {"4k4/9/4+P4/9/9/9/9/9/4K4[Q] w - - 0 1", 1},
    {"n6p1/4k4/4c2mn/7nm/9/2Pp4p/9/1P7/4K4[PPPPPPPPPPPPQQRpaacrbbn] b - - 0 70", 1},
    // campmate in 1 and 2; in 2 even though the defender holds a rook in hand
    // (the king goes to rank 8 where the drop cannot cover all of rank 9)
    {"k8/4K4/9/9/9/9/9/9/9[] w - - 0 1", 1},
    {"9/9/4K4/9/8k/9/9/9/9[] w - - 0 1", 2},
    // mate in 2, first move a drop
    {"2b1kq1nm/3n1c3/rpppppppp/p8/9/6P2/PPPPKP1PP/7AQ/MNC3BNR[Ap] w - - 1 9", 2},
    {"r1+B1k1c1m/1n2n1p2/pp1p2np1/8p/9/P7P/2PPPP3/3A2K2/MNC5R[PPPABpppqq] w - - 1 25", 2},
    {"rnb2qcn1/4k4/2ppppppp/p4a3/1p6m/2P1PP3/PP1P2PPP/6Q2/MN2KCBNR[a] b - - 1 14", 2},
    {"rn4cnm/6k1q/p1p2pppp/N3p4/1p1p2P2/P1PA5/CP1PP2P+b/1KQ6/M2N2BR1[App] w - - 1 27", 2},
    // mate in 3
    {"2k1p2b1/3m5/1pp1B1m2/3p5/1K5pn/1n7/1P1NPP3/7A1/P1Q2A1N1[PPPPPQppppccrr] w - - 2 40", 3},
    {"rnb1kqcn1/a8/p1ppppppp/1p3m3/9/1M6P/PPPPPPPP1/2Q1KB3/1NCA3NR[] b - - 2 7", 3},
    {"2b2c1m1/r2qk4/ppppp1pp1/4n4/n1P3P1p/2QPP4/PP1K1PNPP/M4N1AR/5CB2[PA] w - - 3 28", 3},
    {"rn1a1c1n1/1bk6/p2ppp1q1/1mp3p1p/7p1/1P1PP4/P1P1KPPPP/3B2A1R/1Nm2Q1N1[Pc] b - - 5 20", 3},
};

TEST(Mate, PositionsAreForcedWinsOfTheStatedLength) {
    for (const MateCase& c : MATE_CASES) {
        Position pos = test::position_from_fen(c.fen);
        EXPECT_EQ(test::shortest_forced_win(pos, c.moves, test::AttackerMoves::ChecksAndKing),
                  c.moves)
            << c.fen;
        if (c.moves <= 2) {
            EXPECT_FALSE(test::forces_win(pos, c.moves - 1, test::AttackerMoves::All)) << c.fen;
        }
    }
}

TEST(Mate, FoundWithTheExactDistance) {
    Engine engine;
    for (const MateCase& c : MATE_CASES) {
        Position pos = test::position_from_fen(c.fen);
        engine.new_game();
        Limits limits;
        limits.depth = 2 * c.moves + 4;
        const Result r = engine.search(pos, limits);
        ASSERT_TRUE(r.best) << c.fen;
        EXPECT_EQ(mate_in_moves(r.score), c.moves) << c.fen << " best " << move_to_string(r.best);
        // The chosen move really starts a forced win of that length.
        pos.do_move(r.best);
        const GameResult after = game_result(pos);
        if (c.moves == 1) {
            EXPECT_TRUE(after.over() && after.winner == ~pos.side_to_move()) << c.fen;
        } else {
            EXPECT_TRUE(
                test::every_defence_loses(pos, c.moves - 1, test::AttackerMoves::ChecksAndKing))
                << c.fen << " best " << move_to_string(r.best);
        }
    }
}

TEST(Mate, CampmateThreatIsParried) {
    // White's king on e8 would step onto rank 9 next move. Black must cover
    // d9, e9 and f9 at once: only a rook dropped on rank 9 away from the king does.
    const Position pos = test::position_from_fen("9/4K4/9/9/9/4k4/9/9/9[r] b - - 0 1");
    Engine engine;
    Limits limits;
    limits.depth = 6;
    const Result r = engine.search(pos, limits);
    ASSERT_TRUE(r.best);
    Position after = pos;
    after.do_move(r.best);
    EXPECT_FALSE(campmate_available(after)) << "played " << move_to_string(r.best);
    EXPECT_FALSE(is_mate_score(r.score) && r.score < 0) << r.score;
}

TEST(Mate, LostSideSeesTheMate) {
    // After the mating drop's alternatives are gone, the defender's score is mate against it.
    Position pos = test::position_from_fen("9/9/4K4/9/8k/9/9/9/9[] b - - 0 1");
    Engine engine;
    Limits limits;
    limits.depth = 8;
    const Result r = engine.search(pos, limits);
    EXPECT_EQ(mate_in_moves(r.score), -2);  // white's king needs two more moves
}

TEST(Mate, NoMoveMeansNoBestMove) {
    Engine engine;
    Limits limits;
    limits.depth = 3;
    // Campmate already reached: the game is over, the side to move has lost.
    Result r = engine.search(test::position_from_fen("4K4/9/9/9/9/9/9/9/4k4[] b - - 0 1"), limits);
    EXPECT_FALSE(r.best);
    EXPECT_TRUE(r.lines.empty());
    EXPECT_EQ(r.score, mated_in(0));
    // Checkmated (the pawn-drop mate from above, played out).
    Position pos = test::position_from_fen("3nkn3/3p1p3/9/3N5/9/9/9/9/4K4[P] w - - 0 1");
    pos.do_move(*parse_move(pos, "P@e8"));
    r = engine.search(pos, limits);
    EXPECT_FALSE(r.best);
}

}  // namespace
}  // namespace pantheon::search
