// Incremental state along random playouts (fixed seeds): the Zobrist key kept
// by do_move equals the key from scratch and key_after(m); every table stays
// consistent; the observer sees every change; undo_move restores everything.
#include <gtest/gtest.h>

#include <array>

#include "engine/core/notation.h"
#include "random_position.h"
#include "test_support.h"

namespace pantheon::test {
namespace {

constexpr uint64_t SEED = 0xAB5EED;
constexpr int START_PLAYOUTS = 30;
constexpr int RANDOM_START_PLAYOUTS = 60;
constexpr int MAX_PLIES = 200;

// Mirrors the board from the observer callbacks alone.
struct MirrorObserver {
    std::array<Piece, SQUARE_NB> board{};
    std::array<std::array<int, HAND_TYPE_NB>, COLOR_NB> hand{};
    bool bad_callback = false;

    explicit MirrorObserver(const Position& pos) {
        for (int s = 0; s < SQUARE_NB; ++s) board[s] = pos.piece_on(Square(s));
        for (Color c : {WHITE, BLACK})
            for (int pt = 0; pt < HAND_TYPE_NB; ++pt)
                hand[c][pt] = pos.hand_count(c, PieceType(pt));
    }
    void piece_removed(Piece p, Square s) {
        bad_callback |= board[s] != p;
        board[s] = NO_PIECE;
    }
    void piece_added(Piece p, Square s) {
        bad_callback |= board[s] != NO_PIECE;
        board[s] = p;
    }
    void hand_changed(Color c, PieceType pt, int old_count, int new_count) {
        bad_callback |= hand[c][pt] != old_count;
        hand[c][pt] = new_count;
    }
    bool matches(const Position& pos) const {
        for (int s = 0; s < SQUARE_NB; ++s)
            if (board[s] != pos.piece_on(Square(s))) return false;
        for (Color c : {WHITE, BLACK})
            for (int pt = 0; pt < HAND_TYPE_NB; ++pt)
                if (hand[c][pt] != pos.hand_count(c, PieceType(pt))) return false;
        return !bad_callback;
    }
};

struct Snapshot {
    std::string fen;
    Key key;
    Bitboard checkers;
};

// Plays a random game from pos checking every incremental invariant, then
// takes every move back checking that each earlier state comes back exactly.
void check_playout(Position pos, std::mt19937_64& rng) {
    const std::string fen_at_start = pos.fen();
    std::vector<Snapshot> history;
    MirrorObserver mirror(pos);
    for (int ply = 0; ply < MAX_PLIES; ++ply) {
        const Move m = random_legal_move(pos, rng);
        if (!m) break;
        history.push_back({pos.fen(), pos.key(), pos.checkers()});
        const Key predicted = pos.key_after(m);
        pos.do_move(m, mirror);
        const std::string where = history.back().fen + " then " + move_to_string(m);
        ASSERT_EQ(pos.key(), predicted) << "key_after differs: " << where;
        ASSERT_EQ(pos.key(), pos.compute_key()) << where;
        std::string why;
        ASSERT_TRUE(pos.is_consistent(&why)) << why << ": " << where;
        ASSERT_TRUE(mirror.matches(pos)) << "observer out of step: " << where;
        // The key depends on the situation only, not on how it was reached.
        ASSERT_EQ(position(pos.fen()).key(), pos.key()) << where;
        EXPECT_EQ(pos.last_move(), m);
        EXPECT_EQ(pos.game_ply(), ply + 1);

        if (!pos.in_check() && ply % 7 == 3) {
            const Key before = pos.key();
            pos.do_null_move();
            EXPECT_EQ(pos.key(), pos.compute_key()) << where;
            EXPECT_NE(pos.key(), before);
            EXPECT_TRUE(pos.is_consistent(&why)) << why;
            pos.undo_null_move();
            EXPECT_EQ(pos.key(), before);
        }
    }
    while (!history.empty()) {
        pos.undo_move();
        const Snapshot& s = history.back();
        ASSERT_EQ(pos.fen(), s.fen);
        ASSERT_EQ(pos.key(), s.key) << s.fen;
        ASSERT_EQ(pos.checkers(), s.checkers) << s.fen;
        std::string why;
        ASSERT_TRUE(pos.is_consistent(&why)) << why << ": " << s.fen;
        history.pop_back();
    }
    EXPECT_EQ(pos.fen(), fen_at_start);
    EXPECT_EQ(pos.game_ply(), 0);
}

TEST(IncrementalState, RandomPlayoutsFromStart) {
    std::mt19937_64 rng(SEED);
    for (int game = 0; game < START_PLAYOUTS; ++game) {
        check_playout(Position::start(), rng);
        if (HasFatalFailure()) return;
    }
}

TEST(IncrementalState, RandomPlayoutsFromRandomPositions) {
    std::mt19937_64 rng(SEED + 1);
    for (int game = 0; game < RANDOM_START_PLAYOUTS; ++game) {
        check_playout(position(random_valid_fen(rng)), rng);
        if (HasFatalFailure()) return;
    }
}

TEST(IncrementalState, RandomPlayoutsFromReferencePositions) {
    PANTHEON_REQUIRE_SHARED_DIR();
    std::mt19937_64 rng(SEED + 2);
    for (const PerftEntry& e :
         load_perft_suite(shared_dir() / "reference" / "mansindam-perft.tsv")) {
        check_playout(position(e.fen), rng);
        if (HasFatalFailure()) return;
    }
}

TEST(Hash, CoversHandsAndSideToMove) {
    const Key none = position("4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1").key();
    const Key white_pawn = position("4k4/9/9/9/9/9/9/9/4K4[P] w - - 0 1").key();
    const Key black_pawn = position("4k4/9/9/9/9/9/9/9/4K4[p] w - - 0 1").key();
    const Key two_pawns = position("4k4/9/9/9/9/9/9/9/4K4[PP] w - - 0 1").key();
    const Key black_to_move = position("4k4/9/9/9/9/9/9/9/4K4[] b - - 0 1").key();
    const std::vector<Key> keys = {none, white_pawn, black_pawn, two_pawns, black_to_move};
    for (size_t i = 0; i < keys.size(); ++i)
        for (size_t j = i + 1; j < keys.size(); ++j) EXPECT_NE(keys[i], keys[j]) << i << " " << j;
    // Promoted and unpromoted pieces hash differently.
    EXPECT_NE(position("4k4/9/9/9/R8/9/9/9/4K4[] w - - 0 1").key(),
              position("4k4/9/9/9/+R8/9/9/9/4K4[] w - - 0 1").key());
    // Counters are not part of the situation.
    EXPECT_EQ(none, position("4k4/9/9/9/9/9/9/9/4K4[] w - - 12 40").key());
}

TEST(Hash, TranspositionsShareTheKey) {
    auto after = [](std::initializer_list<const char*> moves) {
        Position pos = Position::start();
        for (const char* text : moves) pos.do_move(legal_move(pos, text));
        return pos.key();
    };
    EXPECT_EQ(after({"b1d2", "b9d8", "h1f2", "h9f8"}), after({"h1f2", "h9f8", "b1d2", "b9d8"}));
    EXPECT_NE(after({"b1d2", "b9d8"}), after({"b1d2", "h9f8"}));
}

}  // namespace
}  // namespace pantheon::test
