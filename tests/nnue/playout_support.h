// Random playouts that check incremental accumulators against the
// from-scratch reference at every step, for the NNUE tests of either game
// (compiled per variant with the test that includes it).
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "engine/core/movegen.h"
#include "engine/core/rules.h"
#include "nnue/accumulator.h"
#include "nnue/evaluate.h"
#include "nnue_test_support.h"

namespace pantheon::test {

inline const nnue::Network& test_net() {
    static const nnue::Network net = test::random_network(51);
    return net;
}

// The game's moves, none once the game is over.
inline std::vector<Move> game_moves(const Position& pos) {
    if (game_result(pos).over()) return {};
    MoveList list;
    generate_game_moves(pos, list);
    return {list.begin(), list.end()};
}

// Every backend compiled in, scalar first.
using Backends = ::testing::Types<nnue::simd::Scalar
#if defined(__AVX2__)
                                  ,
                                  nnue::simd::Avx2
#endif
#if defined(__AVX512BW__)
                                  ,
                                  nnue::simd::Avx512
#endif
                                  >;

// The accumulators of the stack's top equal the reference's, both perspectives.
template <class B>
void expect_matches_reference(nnue::AccumulatorStack<B>& stack, const Position& pos, int ply) {
    for (Color c : {WHITE, BLACK}) {
        stack.update(c, pos);
        alignas(64) int16_t acc[nnue::arch::L1];
        int32_t psqt;
        nnue::refresh_reference(test_net(), pos, c, acc, &psqt);
        ASSERT_EQ(std::memcmp(acc, stack.top().acc[c], sizeof acc), 0)
            << "ply " << ply << " perspective " << int(c) << " " << pos.fen();
        ASSERT_EQ(psqt, stack.top().psqt[c]) << "ply " << ply << " " << pos.fen();
    }
    ASSERT_EQ(stack.evaluate(pos), nnue::evaluate_reference(test_net(), pos)) << pos.fen();
}

// Random game-legal moves, preferring captures, drops, promotions and castling, with
// take-backs now and then so the stack's lazy walk-back is exercised.
struct PlayoutCounts {
    int moves = 0, captures = 0, drops = 0, promotions = 0, king_refreshes = 0;
    int castlings = 0, en_passants = 0;  // Pandemonium
};

template <class B>
void random_playout(uint64_t seed, Position pos, int plies, bool evaluate_every_ply,
                    PlayoutCounts& counts) {
    std::mt19937_64 rng(seed);
    nnue::AccumulatorStack<B> stack(&test_net());
    stack.reset(pos);
    int made = 0;
    for (int ply = 0; ply < plies; ++ply) {
        std::vector<Move> moves = game_moves(pos);
        if (moves.empty() || (made > 0 && rng() % 8 == 0)) {
            if (made == 0) break;
            stack.undo_move(pos);
            --made;
        } else {
            std::vector<Move> lively;
            for (Move m : moves)
                if (pos.is_capture(m) || m.is_drop() || m.is_promotion() || pos.is_castling(m))
                    lively.push_back(m);
            const auto& from = !lively.empty() && rng() % 3 ? lively : moves;
            const Move m = from[rng() % from.size()];
            counts.captures += pos.is_capture(m);
            counts.drops += m.is_drop();
            counts.promotions += m.is_promotion();
            counts.castlings += pos.is_castling(m);
            counts.en_passants += pos.is_en_passant(m);
            stack.do_move(pos, m);
            counts.king_refreshes += stack.top().refresh[WHITE] || stack.top().refresh[BLACK];
            ++counts.moves;
            ++made;
        }
        if (evaluate_every_ply || ply % 7 == 0) expect_matches_reference(stack, pos, ply);
        if (::testing::Test::HasFatalFailure()) return;
    }
}

}  // namespace pantheon::test
