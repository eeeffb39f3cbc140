// Limits during the first iteration: once its first root move has been
// searched in full, a node limit or the hard time limit may stop it (a bad
// evaluation can make depth 1 alone cost a great many nodes); before that
// only stop() or a backstop far beyond the limits does (search_params.h,
// FIRST_MOVE_*), so the move returned has been searched.
#include <gtest/gtest.h>

#include "engine/core/random.h"
#include "engine/search/evaluator.h"
#include "engine/search/search.h"
#include "search_test_support.h"

namespace pantheon::search {
namespace {

// A deliberately bad evaluation: noise of up to +-1500 cp fixed by the
// position's key (so searches stay deterministic).
class NoiseEvaluator final : public Evaluator {
  public:
    int evaluate(const Position& pos) override {
        SplitMix64 mix(pos.key());
        return int(mix.next() % 3001) - 1500;
    }
};

// Found among random playouts: quiescence check sequences make the whole first
// iteration here cost 671,891 nodes with the hand-crafted evaluation (884,371
// with the noise), its first root move 1,399 (9,224).
constexpr const char* COSTLY_DEPTH_ONE =
    "3Q1p2+P/2rm2P2/Ap5kN/2Pn2a1P/4R1p2/6m1C/P4P1P1/p2p2+c1K/1Pn1qBBN1[Ppppp] w - - 5 83";
// Far above the first root move's subtree, far below the whole iteration.
constexpr uint64_t SMALL_BOUND = 20000;

TEST(FirstIteration, NodeLimitStopsItAfterTheFirstRootMove) {
    const Position pos = test::position_from_fen(COSTLY_DEPTH_ONE);
    for (const bool noise : {false, true}) {
        for (const uint64_t limit : {uint64_t(1), uint64_t(100), uint64_t(5000)}) {
            SCOPED_TRACE(std::string(noise ? "noise" : "hce") + " nodes " + std::to_string(limit));
            Engine engine;
            if (noise) engine.set_evaluator([] { return std::make_unique<NoiseEvaluator>(); });
            Limits limits;
            limits.nodes = limit;
            const Result r = engine.search(pos, limits);
            ASSERT_TRUE(test::is_game_legal(pos, r.best));
            ASSERT_EQ(r.lines.size(), 1u);
            EXPECT_EQ(r.lines[0].pv[0], r.best);
            EXPECT_EQ(r.depth, 0);  // cut short, after its first root move
            EXPECT_LE(r.nodes, SMALL_BOUND);
        }
    }
}

TEST(FirstIteration, NodeLimitStillCountsExactlyOnceTheFirstMoveIsDone) {
    // In an ordinary position depth 1 is cheap: a node limit above it stops
    // the search at exactly that many nodes (one thread), as before.
    Engine engine;
    Limits limits;
    limits.nodes = 3000;
    const Result r = engine.search(Position::start(), limits);
    EXPECT_EQ(r.nodes, 3000u);
    EXPECT_GE(r.depth, 1);
}

TEST(FirstIteration, HardTimeLimitStopsItAfterTheFirstRootMove) {
    // movetime 1 leaves a hard limit of 1 ms: the clock, read every 1,024
    // nodes, stops the search soon after the first root move is done; no
    // engine searches the whole iteration's 671,891 nodes in that time.
    const Position pos = test::position_from_fen(COSTLY_DEPTH_ONE);
    Engine engine;
    Limits limits;
    limits.movetime_ms = 1;
    const Result r = engine.search(pos, limits);
    EXPECT_TRUE(test::is_game_legal(pos, r.best));
    EXPECT_EQ(r.depth, 0);
    EXPECT_LE(r.nodes, SMALL_BOUND);
}

TEST(FirstIteration, MultiPvUnderATinyNodeLimitGivesLegalLines) {
    Engine engine;
    engine.set_evaluator([] { return std::make_unique<NoiseEvaluator>(); });
    const Position pos = test::position_from_fen(COSTLY_DEPTH_ONE);
    Limits limits;
    limits.nodes = 1;
    limits.multipv = 3;
    const Result r = engine.search(pos, limits);
    ASSERT_EQ(r.lines.size(), 3u);
    for (const Line& line : r.lines) EXPECT_TRUE(test::is_game_legal(pos, line.pv[0]));
    EXPECT_TRUE(test::is_game_legal(pos, r.best));
    EXPECT_LE(r.nodes, SMALL_BOUND);
}

}  // namespace
}  // namespace pantheon::search
