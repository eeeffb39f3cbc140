// The hand-crafted evaluation is colour-symmetric, prefers material in hand
// to the same material stuck on the board, and sees campmate threats and king danger.
#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <sstream>

#include "engine/search/evaluator.h"
#include "engine/search/hce_trace.h"
#include "engine/search/king_danger.h"
#include "search_test_support.h"

namespace pantheon::search {
namespace {

// The same position with colours swapped and the board flipped top to bottom.
std::string mirrored_fen(const std::string& fen) {
    std::istringstream in(fen);
    std::string placement, side, rest;
    in >> placement >> side;
    std::getline(in, rest);
    const size_t bracket = placement.find('[');
    std::string board = placement.substr(0, bracket);
    std::string hand = placement.substr(bracket + 1, placement.size() - bracket - 2);
    std::vector<std::string> ranks;
    std::stringstream rs(board);
    for (std::string r; std::getline(rs, r, '/');) ranks.push_back(r);
    auto swap_case = [](std::string s) {
        for (char& c : s)
            c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c))
                                                            : char(std::toupper(c));
        return s;
    };
    std::string out;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
        if (!out.empty()) out += '/';
        out += swap_case(*it);
    }
    out += '[';
    out += swap_case(hand);
    out += side == "w" ? "] b" : "] w";
    out += rest;
    return out;
}

TEST(Eval, IsColourSymmetric) {
    auto eval = make_classical_evaluator();
    std::mt19937_64 rng(31);
    const auto fens = test::sample_fens();
    for (int i = 0; i < 300; ++i) {
        const Position pos = test::random_playout(
            test::position_from_fen(fens[rng() % fens.size()]), int(rng() % 50), rng);
        if (pos.campmate_reached()) continue;
        const std::string fen = pos.fen();
        const Position mirror = test::position_from_fen(mirrored_fen(fen));
        ASSERT_EQ(eval->evaluate(pos), eval->evaluate(mirror))
            << fen << " vs " << mirrored_fen(fen);
    }
}

TEST(Eval, HandPieceIsWorthMoreThanTheSamePieceStuckOnTheBoard) {
    auto eval = make_classical_evaluator();
    // A white rook in hand against a white rook boxed in on i1 by its own
    // knight and pawn (black to move both times). A mobile rook on the board
    // can be worth more than one in hand: the tuned mobility says so.
    const int in_hand =
        eval->evaluate(test::position_from_fen("4k4/9/9/9/9/9/9/P7P/RN2K2N1[R] b - - 0 1"));
    const int on_board =
        eval->evaluate(test::position_from_fen("4k4/9/9/9/9/9/9/P7P/RN2K2NR[] b - - 0 1"));
    EXPECT_LT(in_hand, on_board) << "scores are black's view: lower is better for white";
}

TEST(Eval, CampmateThreatWeighsHeavily) {
    auto eval = make_classical_evaluator();
    // Black to move; white's king on e8 would step onto rank 9.
    const int threatened =
        eval->evaluate(test::position_from_fen("9/4K4/9/9/9/4k4/9/9/9[r] b - - 0 1"));
    const int calm = eval->evaluate(test::position_from_fen("9/9/9/4K4/9/4k4/9/9/9[r] b - - 0 1"));
    EXPECT_LT(threatened + 500, calm);
}

TEST(Eval, DropThreatsNearTheKingAreDangerous) {
    auto eval = make_classical_evaluator();
    // Same material; in the first position black's angel sits in hand next to
    // an exposed white king, in the second it stands far away on the board.
    const int exposed =
        eval->evaluate(test::position_from_fen("4k4/9/9/9/9/9/9/9/4K4[a] w - - 0 1"));
    const int remote =
        eval->evaluate(test::position_from_fen("a3k4/9/9/9/9/9/9/9/4K4[] w - - 0 1"));
    EXPECT_LT(exposed, remote);
}

// --- king safety for drop play, through the evaluation's trace ---------------------------

// How often parameter `param` appears among `terms` (summed counts).
int count_of(const std::vector<EvalTerm>& terms, int param) {
    int n = 0;
    for (const EvalTerm& t : terms) n += t.param == param ? t.count : 0;
    return n;
}
int units_of(const std::vector<EvalTerm>& terms) {
    int u = 0;
    for (const EvalTerm& t : terms) u += eval_params::WEIGHTS[t.param] * t.count;
    return u;
}

TEST(KingSafety, HandPiecesThatCanDropNextToAnExposedKingAreDanger) {
    using namespace eval_params;
    EvalTrace exposed, enclosed, far;
    // White to move; black holds a queen and two pawns. White's king stands
    // in the open, then boxed in by its own pieces (no empty square in reach).
    trace_evaluation(test::position_from_fen("4k4/9/9/9/9/9/9/9/4K4[qpp] w - - 0 1"), exposed);
    trace_evaluation(test::position_from_fen("4k4/9/9/9/9/9/9/3PPP3/3NKN3[qpp] w - - 0 1"),
                     enclosed);
    // The same black queen on the board far from the king, and no hand.
    trace_evaluation(test::position_from_fen("q3k4/9/9/9/9/9/9/9/4K4[pp] w - - 0 1"), far);
    const auto& open_units = exposed.units[0];  // the side to move's (white's) king
    EXPECT_EQ(count_of(open_units, HAND_ATTACKER_UNITS_AT + QUEEN), 1);
    EXPECT_EQ(count_of(open_units, HAND_ATTACKER_UNITS_AT + PAWN), 2);
    // Queen drops giving check on the empty squares within two steps of e1.
    EXPECT_GT(count_of(open_units, DROP_CHECK_UNITS_AT + QUEEN), 6);
    EXPECT_EQ(count_of(enclosed.units[0], HAND_ATTACKER_UNITS_AT + QUEEN), 0);
    EXPECT_EQ(count_of(enclosed.units[0], DROP_CHECK_UNITS_AT + QUEEN), 0);
    EXPECT_EQ(count_of(far.units[0], DROP_CHECK_UNITS_AT + QUEEN), 0);
    EXPECT_GT(units_of(open_units), units_of(enclosed.units[0]));
    EXPECT_GT(units_of(open_units), units_of(far.units[0]));
    // Black's king sees none of this (white's hand is empty).
    EXPECT_EQ(count_of(exposed.units[1], HAND_ATTACKER_UNITS_AT + QUEEN), 0);
}

TEST(KingSafety, AttackedSquaresAroundTheKingAndEscapeSquares) {
    using namespace eval_params;
    EvalTrace t;
    // White king a1 with a pawn on a2; black rook on b9 sweeps the b-file:
    // b1 and b2 are attacked and undefended. a1's neighbours: a2 (own), b1, b2.
    trace_evaluation(test::position_from_fen("1r2k4/9/9/9/9/9/9/P8/K8[] w - - 0 1"), t);
    EXPECT_EQ(count_of(t.units[0], ZONE_ATTACK_UNITS_AT + ROOK), 2);
    EXPECT_EQ(count_of(t.units[0], WEAK_ZONE_SQUARE_UNITS_AT), 2);
    EXPECT_EQ(count_of(t.linear, KING_ESCAPE_AT + 0), 1) << "no safe square to step to";
    EXPECT_EQ(count_of(t.linear, KING_SHELTER_AT + 1), 1) << "one defender (a2)";
    // Without the rook both squares are free.
    trace_evaluation(test::position_from_fen("4k4/9/9/9/9/9/9/P8/K8[r] w - - 0 1"), t);
    EXPECT_EQ(count_of(t.linear, KING_ESCAPE_AT + 2), 1);
    EXPECT_EQ(count_of(t.units[0], WEAK_ZONE_SQUARE_UNITS_AT), 0);
}

TEST(KingSafety, TheTraceReproducesTheEvaluation) {
    auto eval = make_classical_evaluator();
    std::mt19937_64 rng(77);
    const auto fens = test::sample_fens();
    EvalTrace t;
    for (int i = 0; i < 200; ++i) {
        const Position pos = test::random_playout(
            test::position_from_fen(fens[rng() % fens.size()]), int(rng() % 60), rng);
        if (pos.campmate_reached()) continue;
        ASSERT_EQ(trace_evaluation(pos, t), eval->evaluate(pos)) << pos.fen();
    }
}

// The balance the NNUE evaluation adds (king_danger.h) reads only the pieces
// that can reach a king's surroundings; it must equal the full evaluation's
// two king-danger penalties, which the trace gives.
TEST(KingSafety, TheDangerBalanceIsTheEvaluationsTwoPenalties) {
    using eval_params::king_danger_penalty;
    std::mt19937_64 rng(83);
    const auto fens = test::sample_fens();
    EvalTrace t;
    int nonzero = 0;
    for (int i = 0; i < 300; ++i) {
        const Position pos = test::random_playout(
            test::position_from_fen(fens[rng() % fens.size()]), int(rng() % 80), rng);
        if (pos.campmate_reached()) continue;
        trace_evaluation(pos, t);
        const int expected =
            king_danger_penalty(units_of(t.units[1])) - king_danger_penalty(units_of(t.units[0]));
        ASSERT_EQ(king_danger_balance(pos), expected) << pos.fen();
        nonzero += expected != 0;
    }
    EXPECT_GT(nonzero, 100) << "the sample must exercise the penalty";
}

TEST(KingSafety, TheDangerBalanceFavoursTheAttackerFromEitherSide) {
    // White holds a queen and two pawns; Black's king stands open on e9.
    const std::string fen = "4k4/9/9/9/9/9/PPP6/1B7/K8[QPP] w - - 0 1";
    const int white_to_move = king_danger_balance(test::position_from_fen(fen));
    EXPECT_GT(white_to_move, 0);
    EXPECT_EQ(king_danger_balance(test::position_from_fen(mirrored_fen(fen))), white_to_move);
    EXPECT_EQ(
        king_danger_balance(test::position_from_fen("4k4/9/9/9/9/9/PPP6/1B7/K8[QPP] b - - 0 1")),
        -white_to_move);
}

}  // namespace
}  // namespace pantheon::search
