// The NNUE evaluator inside the search: the incremental evaluator (moves made
// through the evaluator's hooks) must search exactly like one that evaluates
// every position from scratch, so the hooks follow every move and null move.
#include <gtest/gtest.h>

#include <memory>

#include "engine/search/king_danger.h"
#include "engine/search/nnue_evaluator.h"
#include "engine/search/search.h"
#include "nnue/evaluate.h"
#include "nnue/random_network.h"

namespace pantheon::search {
namespace {

// The reference: no hooks (the defaults), everything from scratch, with the
// share of king danger the NNUE evaluator adds.
class FromScratchEvaluator final : public Evaluator {
  public:
    explicit FromScratchEvaluator(std::shared_ptr<const nnue::Network> net)
        : net_(std::move(net)) {}
    int evaluate(const Position& pos) override {
        return nnue::evaluate_reference(*net_, pos) + nnue_king_danger_term(pos);
    }

  private:
    std::shared_ptr<const nnue::Network> net_;
};

TEST(NnueSearch, IncrementalSearchesExactlyLikeFromScratch) {
    const auto net = std::make_shared<const nnue::Network>(nnue::random_network(7));
    Engine incremental, reference;
    incremental.set_evaluator(nnue_evaluator_factory(net));
    reference.set_evaluator([net] { return std::make_unique<FromScratchEvaluator>(net); });
    Limits limits;
    limits.depth = 7;
    for (const char* fen : {"rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1",
                            "rnbak1cnm/6q2/ppppppppp/9/9/3PP3C/PPP2PPPP/5B3/MN1QKA1NR[] b - - 9 5",
                            "4k4/9/ppp3ppp/9/4N4/9/PPP3PPP/9/4K4[RBrb] w - - 0 1"}) {
        const Position pos = *Position::from_fen(fen);
        incremental.new_game();
        reference.new_game();
        const Result a = incremental.search(pos, limits);
        const Result b = reference.search(pos, limits);
        EXPECT_EQ(a.best, b.best) << fen;
        EXPECT_EQ(a.score, b.score) << fen;
        EXPECT_EQ(a.nodes, b.nodes) << fen;
        EXPECT_GT(a.nodes, 1000u) << fen;
    }
}

}  // namespace
}  // namespace pantheon::search
