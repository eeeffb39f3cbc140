// The outside judge in Pandemonium (selfplay/uci_judge.h): a pawn drop that
// mates, which our rules forbid and Fairy-Stockfish's allow for chess pawns,
// is declined and the ply keeps its recorded verdict; any other illegal move
// stops the rescoring.
#include "selfplay/uci_judge.h"

#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "selfplay/rescore_game.h"

namespace pantheon::selfplay {
namespace {

// White to move drops a pawn on b9: mate, which the rules forbid; Q@b9, the
// move the game played, mates legally.
constexpr const char* PAWN_DROP_MATE = "kn8/p9/10/10/10/10/10/10/10/1R7K[PQ] w - - 0 1";

data::GameRecord one_ply_game() {
    data::GameRecord game;
    game.start_fen = PAWN_DROP_MATE;
    const Position start = *Position::from_fen(PAWN_DROP_MATE);
    data::PlyRecord ply;
    ply.played = ply.best = *parse_move(start, "Q@b9");
    ply.score = 123;
    game.plies.push_back(ply);
    game.termination = Termination::Checkmate;
    game.winner = WHITE;
    return game;
}

// The rescoring of that game by the test engine in `mode`.
bool rescore_by_test_engine(const std::string& mode, data::GameRecord& out, RescoreCounts& counts,
                            std::string& error) {
    match::PlayerConfig player;
    const std::string spec = std::string("cmd=") + PANTHEON_TEST_ENGINE_PANDEMONIUM +
                             " arg=--mode arg=" + mode + " arg=--variant-option arg=yes";
    EXPECT_TRUE(parse_judge_engine(spec, player, &error)) << error;
    SearchLimits limits;
    limits.nodes = 100;
    UciJudge judge(player, limits, 100);
    RescoreLabels labels;
    return rescore_game(&judge, labels, one_ply_game(), out, counts, &error);
}

TEST(PandemoniumUciJudge, APawnDropMateIsDeclinedAndTheRecordedVerdictStays) {
    data::GameRecord out;
    RescoreCounts counts;
    std::string error;
    ASSERT_TRUE(rescore_by_test_engine("dropmate", out, counts, error)) << error;
    EXPECT_EQ(counts.searched, 1u);
    EXPECT_EQ(counts.declined, 1u);
    EXPECT_EQ(out.plies[0], one_ply_game().plies[0]);
}

TEST(PandemoniumUciJudge, AnyOtherIllegalMoveStopsTheRescoring) {
    data::GameRecord out;
    RescoreCounts counts;
    std::string error;
    EXPECT_FALSE(rescore_by_test_engine("illegal", out, counts, error));
    EXPECT_NE(error.find("the judge engine's move"), std::string::npos) << error;
    EXPECT_EQ(counts.declined, 0u);
}

}  // namespace
}  // namespace pantheon::selfplay
