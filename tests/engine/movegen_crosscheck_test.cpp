// The core generator against the plain reference generator written from SPEC
// (reference_movegen.h) on many positions the reference files never show:
// random playouts from the start and from the reference positions, and random
// positions with large hands, promoted pieces, checks and pins.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "engine/core/notation.h"
#include "random_position.h"
#include "reference_movegen.h"
#include "test_support.h"

namespace pantheon::test {
namespace {

// Fixed seeds: every run checks the same positions.
constexpr uint64_t PLAYOUT_SEED = 0x5EED0001;
constexpr int START_PLAYOUTS = 24;
constexpr int PLAYOUT_PLIES = 160;
constexpr int REFERENCE_PLAYOUT_PLIES = 12;
constexpr uint64_t RANDOM_POSITION_SEED = 0x5EED0002;
constexpr int RANDOM_POSITIONS = 3000;

std::string describe_difference(const std::vector<std::string>& core,
                                const std::vector<std::string>& ref) {
    std::vector<std::string> only_core, only_ref;
    std::set_difference(core.begin(), core.end(), ref.begin(), ref.end(),
                        std::back_inserter(only_core));
    std::set_difference(ref.begin(), ref.end(), core.begin(), core.end(),
                        std::back_inserter(only_ref));
    std::string out = "core only:";
    for (const auto& m : only_core) out += " " + m;
    out += "; reference only:";
    for (const auto& m : only_ref) out += " " + m;
    return out;
}

// Compares the two generators on pos; returns false (after reporting) on a mismatch.
bool generators_agree(const Position& pos) {
    const std::string fen = pos.fen();
    const auto core = legal_move_texts(pos);
    const auto ref = reference::legal_moves(fen);
    if (core == ref) return true;
    ADD_FAILURE() << "move generation differs in " << fen << "\n" << describe_difference(core, ref);
    return false;
}

// Plays random legal moves from pos, comparing the generators at every ply.
int crosscheck_playout(Position pos, std::mt19937_64& rng, int plies) {
    int checked = 0;
    for (int ply = 0; ply <= plies; ++ply) {
        ++checked;
        if (!generators_agree(pos)) return checked;
        const Move m = random_legal_move(pos, rng);
        if (!m) break;
        pos.do_move(m);
    }
    return checked;
}

TEST(ReferenceGenerator, MatchesReferencePerftAtDepthOne) {
    PANTHEON_REQUIRE_SHARED_DIR();
    for (const PerftEntry& e : load_perft_suite(shared_dir() / "reference" / "mansindam-perft.tsv"))
        EXPECT_EQ(reference::legal_moves(e.fen).size(), e.counts[0]) << e.fen;
}

TEST(ReferenceGenerator, MatchesReferenceDivideMoveLists) {
    PANTHEON_REQUIRE_SHARED_DIR();
    std::map<std::string, std::vector<std::string>> divide;
    for (const DivideEntry& e :
         load_divide_file(shared_dir() / "reference" / "mansindam-divide.tsv"))
        divide[e.fen].push_back(e.move);
    ASSERT_FALSE(divide.empty());
    for (auto& [fen, moves] : divide) {
        std::sort(moves.begin(), moves.end());
        const auto ref = reference::legal_moves(fen);
        EXPECT_EQ(ref, moves) << fen << "\n" << describe_difference(ref, moves);
    }
}

TEST(MovegenCrosscheck, RandomPlayoutsFromStart) {
    std::mt19937_64 rng(PLAYOUT_SEED);
    int checked = 0;
    for (int game = 0; game < START_PLAYOUTS; ++game)
        checked += crosscheck_playout(Position::start(), rng, PLAYOUT_PLIES);
    EXPECT_GT(checked, START_PLAYOUTS * 20);
}

TEST(MovegenCrosscheck, RandomPlayoutsFromReferencePositions) {
    PANTHEON_REQUIRE_SHARED_DIR();
    std::mt19937_64 rng(PLAYOUT_SEED + 1);
    int checked = 0;
    for (const PerftEntry& e : load_perft_suite(shared_dir() / "reference" / "mansindam-perft.tsv"))
        checked += crosscheck_playout(position(e.fen), rng, REFERENCE_PLAYOUT_PLIES);
    EXPECT_GT(checked, 200);
}

TEST(MovegenCrosscheck, RandomPositionsWithLargeHands) {
    std::mt19937_64 rng(RANDOM_POSITION_SEED);
    int in_check = 0, big_hands = 0, finished = 0;
    for (int i = 0; i < RANDOM_POSITIONS; ++i) {
        const Position pos = position(random_valid_fen(rng));
        in_check += pos.in_check();
        big_hands += pos.hand_total(WHITE) + pos.hand_total(BLACK) >= 12;
        MoveList list;
        generate_legal(pos, list);
        finished += list.empty();
        if (!generators_agree(pos)) break;
    }
    // The sample must actually exercise checks, large hands and finished games.
    EXPECT_GT(in_check, RANDOM_POSITIONS / 20);
    EXPECT_GT(big_hands, RANDOM_POSITIONS / 4);
    EXPECT_GT(finished, 0);
}

TEST(MovegenCrosscheck, GeneratorSplitsCoverAllMoves) {
    // Tactical + Quiet partition All: captures and promotions vs the rest.
    std::mt19937_64 rng(RANDOM_POSITION_SEED + 1);
    for (int i = 0; i < 300; ++i) {
        const Position pos = position(random_valid_fen(rng));
        MoveList all, tactical, quiet;
        generate<GenType::All>(pos, all);
        generate<GenType::Tactical>(pos, tactical);
        generate<GenType::Quiet>(pos, quiet);
        ASSERT_EQ(all.size(), tactical.size() + quiet.size()) << pos.fen();
        for (Move m : tactical) {
            EXPECT_TRUE(all.contains(m)) << pos.fen() << " " << move_to_string(m);
            EXPECT_TRUE(pos.is_capture(m) || m.is_promotion()) << move_to_string(m);
        }
        for (Move m : quiet) {
            EXPECT_TRUE(all.contains(m)) << pos.fen() << " " << move_to_string(m);
            EXPECT_FALSE(pos.is_capture(m) || m.is_promotion()) << move_to_string(m);
        }
        for (Move m : all) EXPECT_TRUE(is_legal(pos, m)) << move_to_string(m);
    }
}

}  // namespace
}  // namespace pantheon::test
