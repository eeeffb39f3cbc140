#include "engine/search/nnue_evaluator.h"

#include "engine/search/king_danger.h"
#include "nnue/accumulator.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

namespace {

class NnueEvaluator final : public Evaluator {
  public:
    explicit NnueEvaluator(std::shared_ptr<const nnue::Network> net)
        : net_(std::move(net)), stack_(net_.get()) {}

    int evaluate(const Position& pos) override {
        return stack_.evaluate(pos) + nnue_king_danger_term(pos);
    }
    void new_root(const Position& pos) override { stack_.reset(pos); }
    void do_move(Position& pos, Move m) override { stack_.do_move(pos, m); }
    void undo_move(Position& pos) override { stack_.undo_move(pos); }
    void do_null_move(Position& pos) override { stack_.do_null_move(pos); }
    void undo_null_move(Position& pos) override { stack_.undo_null_move(pos); }

  private:
    std::shared_ptr<const nnue::Network> net_;
    nnue::AccumulatorStack<nnue::simd::Native> stack_;
};

}  // namespace

std::unique_ptr<Evaluator> make_nnue_evaluator(std::shared_ptr<const nnue::Network> net) {
    return std::make_unique<NnueEvaluator>(std::move(net));
}

EvaluatorFactory nnue_evaluator_factory(std::shared_ptr<const nnue::Network> net) {
    return [net] { return make_nnue_evaluator(net); };
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search
