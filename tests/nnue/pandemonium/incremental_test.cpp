// Pandemonium's NNUE (pantheon_nnue_pandemonium): the 10x10 feature set's
// incremental accumulators equal the from-scratch reference through castling,
// en passant, optional promotions and drops, from all sixteen setups; a
// Mansindam net file is refused.
#include <gtest/gtest.h>

#include "engine/core/setups.h"
#include "nnue/net_file.h"
#include "playout_support.h"

namespace pantheon::nnue {
namespace {

using test::PlayoutCounts;
using test::random_playout;

template <class B>
class PandemoniumIncremental : public ::testing::Test {};
TYPED_TEST_SUITE(PandemoniumIncremental, test::Backends);

TYPED_TEST(PandemoniumIncremental, EqualsFullRefreshEveryPlyFromEverySetup) {
    PlayoutCounts counts;
    for (int setup = 0; setup < START_SETUP_NB; ++setup) {
        const Position start = *Position::from_fen(start_setup_fen(setup));
        for (uint64_t seed = 1; seed <= 2; ++seed) {
            random_playout<TypeParam>(seed * 100 + uint64_t(setup), start, 200, true, counts);
            if (this->HasFatalFailure()) return;
        }
    }
    // Castling needs an open back rank: playouts from one that has it.
    const Position open_ranks =
        *Position::from_fen("r3k4r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R3K4R[] w KQkq - 0 1");
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        random_playout<TypeParam>(seed, open_ranks, 60, true, counts);
        if (this->HasFatalFailure()) return;
    }
    EXPECT_GT(counts.moves, 3000);
    EXPECT_GT(counts.captures, 500);
    EXPECT_GT(counts.drops, 300);
    EXPECT_GT(counts.promotions, 20);
    EXPECT_GT(counts.castlings, 5);
    EXPECT_GT(counts.en_passants, 0);
    EXPECT_GT(counts.king_refreshes, 20);
}

TEST(PandemoniumNetFile, RefusesAMansindamNet) {
    Network net;
    std::string error;
    EXPECT_FALSE(load_network_file(PANTHEON_MANSINDAM_NET, net, &error));
    EXPECT_NE(error.find("mansindam"), std::string::npos) << error;
}

}  // namespace
}  // namespace pantheon::nnue
