// The hand-crafted evaluation is colour-symmetric, prefers material in hand
// to the same material on the board, and sees campmate threats and king danger.
#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <sstream>

#include "engine/search/evaluator.h"
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

TEST(Eval, HandPieceIsWorthMoreThanTheSamePieceOnTheBoard) {
    auto eval = make_classical_evaluator();
    // A white rook in hand against a white rook on a quiet square (black to move both times).
    const int in_hand =
        eval->evaluate(test::position_from_fen("4k4/9/9/9/9/9/9/9/R3K4[R] b - - 0 1"));
    const int on_board =
        eval->evaluate(test::position_from_fen("4k4/9/9/9/9/9/9/9/RR2K4[] b - - 0 1"));
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

}  // namespace
}  // namespace pantheon::search
