// The evaluation interface the search calls. The hand-crafted evaluator is
// the first implementation; a neural network can replace it without the
// search changing. One instance per search thread (implementations may keep
// per-thread caches or accumulators).
#pragma once

#include <memory>

#include "engine/core/position.h"

namespace pantheon::search {

class Evaluator {
  public:
    virtual ~Evaluator() = default;
    // Static score of a position whose game is not over, in centipawns, from
    // the side to move's point of view. Must stay well inside +-MATE_BOUND.
    virtual int evaluate(const Position& pos) = 0;
};

// The hand-crafted evaluation (engine/search/hce.cpp).
std::unique_ptr<Evaluator> make_classical_evaluator();

}  // namespace pantheon::search
