// The Engine API: determinism, limits, stop, MultiPV, searchmoves, threads,
// and legality of everything it returns across many random positions.
#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <thread>

#include "engine/core/notation.h"
#include "engine/core/rules.h"
#include "engine/search/evaluator.h"
#include "engine/search/search.h"
#include "search_test_support.h"

namespace pantheon::search {
namespace {

constexpr const char* MIDDLEGAME =
    "r7a/3kcQ3/p1p2+B1pm/1p1p2p2/9/P8/CM1PP4/4KPaQ1/1N5N1[PBNNpppppppr] w - - 0 29";

// Every move of every line is game-legal when played out from pos.
void expect_lines_legal(const Position& pos, const Result& r) {
    for (const Line& line : r.lines) {
        Position p = pos;
        ASSERT_FALSE(line.pv.empty());
        for (Move m : line.pv) {
            ASSERT_TRUE(test::is_game_legal(p, m)) << pos.fen() << " pv move " << move_to_string(m);
            p.do_move(m);
        }
    }
}

TEST(Engine, OneThreadIsDeterministic) {
    for (const char* fen : {std::string_view(Variant::start_fen).data(), MIDDLEGAME}) {
        const Position pos = test::position_from_fen(fen);
        for (int kind = 0; kind < 2; ++kind) {
            Limits limits;
            if (kind == 0) {
                limits.nodes = 5000;
            } else {
                limits.depth = 7;
            }
            limits.multipv = 2;
            Engine a, b;
            a.new_game();
            const Result r1 = a.search(pos, limits);
            a.new_game();
            const Result r2 = a.search(pos, limits);
            const Result r3 = b.search(pos, limits);
            for (const Result* r : {&r2, &r3}) {
                EXPECT_EQ(r1.best, r->best);
                EXPECT_EQ(r1.score, r->score);
                EXPECT_EQ(r1.nodes, r->nodes);
                EXPECT_EQ(r1.depth, r->depth);
                ASSERT_EQ(r1.lines.size(), r->lines.size());
                for (size_t i = 0; i < r1.lines.size(); ++i)
                    EXPECT_EQ(r1.lines[i].pv, r->lines[i].pv);
            }
        }
    }
}

TEST(Engine, NodeLimitIsHonoured) {
    Engine engine;
    Limits limits;
    limits.nodes = 3000;
    const Result r = engine.search(Position::start(), limits);
    EXPECT_GE(r.nodes, 3000u);
    EXPECT_LE(r.nodes, 3010u);
    EXPECT_GE(r.depth, 1);
}

TEST(Engine, MultiPvGivesDistinctOrderedLines) {
    Engine engine;
    Limits limits;
    limits.depth = 6;
    limits.multipv = 4;
    const Position pos = test::position_from_fen(MIDDLEGAME);
    const Result r = engine.search(pos, limits);
    ASSERT_EQ(r.lines.size(), 4u);
    for (size_t i = 0; i < r.lines.size(); ++i) {
        for (size_t j = 0; j < i; ++j) EXPECT_NE(r.lines[i].pv[0], r.lines[j].pv[0]);
        if (i) {
            EXPECT_LE(r.lines[i].score, r.lines[i - 1].score);
        }
    }
    EXPECT_EQ(r.best, r.lines[0].pv[0]);
    EXPECT_EQ(r.score, r.lines[0].score);
    expect_lines_legal(pos, r);

    // More lines asked than moves exist: one line per game-legal move.
    const Position kings = test::position_from_fen("4k4/9/9/9/9/9/9/9/K8[] w - - 0 1");
    limits.multipv = 10;
    EXPECT_EQ(engine.search(kings, limits).lines.size(), 3u);
}

TEST(Engine, SearchMovesRestrictTheRoot) {
    Engine engine;
    Limits limits;
    limits.depth = 5;
    const Position pos = Position::start();
    const auto a = parse_move(pos, "a3a4"), b = parse_move(pos, "i3i4");
    ASSERT_TRUE(a && b);
    limits.searchmoves = {*a, *b};
    const Result r = engine.search(pos, limits);
    EXPECT_TRUE(r.best == limits.searchmoves[0] || r.best == limits.searchmoves[1]);
}

TEST(Engine, StopEndsAnInfiniteSearch) {
    Engine engine;
    Limits limits;
    limits.infinite = true;
    Result r;
    std::thread t([&] { r = engine.search(test::position_from_fen(MIDDLEGAME), limits); });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    engine.stop();
    t.join();
    ASSERT_TRUE(r.best);
    EXPECT_TRUE(test::is_game_legal(test::position_from_fen(MIDDLEGAME), r.best));
    // The request was consumed: the next search runs normally.
    limits = Limits{};
    limits.depth = 4;
    EXPECT_EQ(engine.search(Position::start(), limits).depth, 4);
}

TEST(Engine, StopBeforeTheSearchStartsIsNotLost) {
    Engine engine;
    engine.stop();
    Limits limits;
    limits.infinite = true;  // would never end without the pending stop
    const Result r = engine.search(Position::start(), limits);
    EXPECT_TRUE(test::is_game_legal(Position::start(), r.best));
}

TEST(Engine, TimeLimitsEndTheSearch) {
    Engine engine;
    Limits limits;
    limits.movetime_ms = 150;
    auto start = std::chrono::steady_clock::now();
    Result r = engine.search(Position::start(), limits);
    EXPECT_TRUE(r.best);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));

    // A short clock: the search must come back well inside it.
    limits = Limits{};
    limits.time_ms[WHITE] = limits.time_ms[BLACK] = 300;
    start = std::chrono::steady_clock::now();
    r = engine.search(Position::start(), limits);
    EXPECT_TRUE(r.best);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(300));
}

TEST(Engine, TheFirstIterationAlwaysCompletes) {
    Engine engine;
    const Position pos = test::position_from_fen(MIDDLEGAME);
    // A clock of 1 ms (less than the Move Overhead), and a go with only the
    // opponent's clock: the move played has still been searched.
    for (int only_opponent = 0; only_opponent < 2; ++only_opponent) {
        Limits limits;
        if (only_opponent)
            limits.time_ms[BLACK] = 60000;
        else
            limits.time_ms[WHITE] = limits.time_ms[BLACK] = 1;
        const auto start = std::chrono::steady_clock::now();
        const Result r = engine.search(pos, limits);
        EXPECT_GE(r.depth, 1) << only_opponent;
        EXPECT_TRUE(test::is_game_legal(pos, r.best)) << only_opponent;
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
    }
}

TEST(Engine, PonderWaitsForPonderhitThenKeepsToTheClock) {
    Engine engine;
    Limits limits;
    limits.ponder = true;
    limits.movetime_ms = 50;
    Result r;
    const auto start = std::chrono::steady_clock::now();
    std::thread t([&] { r = engine.search(Position::start(), limits); });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    engine.ponderhit();  // the clock starts now: about 50 ms more
    t.join();
    const auto elapsed = std::chrono::steady_clock::now() - start;
    EXPECT_GE(elapsed, std::chrono::milliseconds(300));
    EXPECT_LT(elapsed, std::chrono::milliseconds(1500));
    EXPECT_TRUE(test::is_game_legal(Position::start(), r.best));
}

TEST(Engine, BestMoveIsLegalInRandomPositions) {
    std::mt19937_64 rng(2024);
    const auto fens = test::sample_fens();
    Engine engine;
    for (int i = 0; i < 150; ++i) {
        const Position pos = test::random_playout(
            test::position_from_fen(fens[rng() % fens.size()]), int(rng() % 60), rng);
        Limits limits;
        limits.nodes = 300 + rng() % 1500;
        limits.multipv = 1 + int(rng() % 3);
        const Result r = engine.search(pos, limits);
        MoveList moves;
        generate_game_moves(pos, moves);
        if (moves.empty()) {
            EXPECT_FALSE(r.best) << pos.fen();
            continue;
        }
        ASSERT_TRUE(test::is_game_legal(pos, r.best)) << pos.fen();
        EXPECT_EQ(r.lines.size(), size_t(std::min<int>(limits.multipv, moves.size())));
        expect_lines_legal(pos, r);
    }
}

TEST(Engine, RepetitionRuleHoldsAtTheRootAndAlongLines) {
    // Knights shuffle back and forth: the start position occurs twice, so
    // black's d8b9 (a third occurrence) is not a legal move.
    Position pos = Position::start();
    for (const char* m : {"b1d2", "b9d8", "d2b1", "d8b9", "b1d2", "b9d8", "d2b1"}) {
        const auto move = parse_move(pos, m);
        ASSERT_TRUE(move) << m;
        pos.do_move(*move);
    }
    const auto repeat_move = parse_move(pos, "d8b9");
    ASSERT_TRUE(repeat_move);
    const Move repeat = *repeat_move;
    ASSERT_FALSE(test::is_game_legal(pos, repeat));
    Engine engine;
    Limits limits;
    limits.depth = 6;
    limits.multipv = 30;
    const Result r = engine.search(pos, limits);
    for (const Line& line : r.lines) EXPECT_NE(line.pv[0], repeat);
    expect_lines_legal(pos, r);
    // Searching only the forbidden move falls back to all game-legal moves.
    limits.multipv = 1;
    limits.searchmoves = {repeat};
    EXPECT_NE(engine.search(pos, limits).best, repeat);
}

TEST(Engine, SeveralThreadsReturnALegalMove) {
    EngineOptions options;
    options.threads = 2;
    Engine engine(options);
    Limits limits;
    limits.depth = 8;
    const Position pos = test::position_from_fen(MIDDLEGAME);
    const Result r = engine.search(pos, limits);
    EXPECT_TRUE(test::is_game_legal(pos, r.best));
    EXPECT_GE(r.depth, 8);
    engine.set_threads(1);
    engine.set_hash(4);
    EXPECT_TRUE(test::is_game_legal(pos, engine.search(pos, limits).best));
}

// Counts its calls and likes pawns in hand: enough to see it is the one used.
class CountingEvaluator final : public Evaluator {
  public:
    explicit CountingEvaluator(std::atomic<int>* calls) : calls_(calls) {}
    int evaluate(const Position& pos) override {
        ++*calls_;
        const Color us = pos.side_to_move();
        return 100 * (pos.hand_count(us, PAWN) - pos.hand_count(~us, PAWN));
    }

  private:
    std::atomic<int>* calls_;
};

TEST(Engine, EvaluatorCanBeReplaced) {
    std::atomic<int> calls{0};
    Engine engine;
    engine.set_evaluator([&] { return std::make_unique<CountingEvaluator>(&calls); });
    Limits limits;
    limits.depth = 4;
    const Result r = engine.search(Position::start(), limits);
    EXPECT_GT(calls.load(), 0);
    EXPECT_TRUE(test::is_game_legal(Position::start(), r.best));
    engine.set_evaluator({});  // back to the hand-crafted evaluation
    const int before = calls.load();
    engine.search(Position::start(), limits);
    EXPECT_EQ(calls.load(), before);
}

}  // namespace
}  // namespace pantheon::search
