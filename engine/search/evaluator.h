// The evaluation interface the search calls. The hand-crafted evaluator is
// the first implementation; a neural network can replace it without the
// search changing. One instance per search thread (implementations may keep
// per-thread caches or accumulators).
#pragma once

#include <memory>

#include "engine/core/position.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

class Evaluator {
  public:
    virtual ~Evaluator() = default;
    // Static score of a position whose game is not over, in centipawns, from
    // the side to move's point of view. Must stay well inside +-MATE_BOUND.
    virtual int evaluate(const Position& pos) = 0;

    // The search makes and takes back every move through these (once per
    // move), so an incremental evaluator can follow the board; new_root comes
    // first, with the position the search starts from. The defaults only
    // change the position.
    virtual void new_root(const Position& /*pos*/) {}
    virtual void do_move(Position& pos, Move m) { pos.do_move(m); }
    virtual void undo_move(Position& pos) { pos.undo_move(); }
    virtual void do_null_move(Position& pos) { pos.do_null_move(); }
    virtual void undo_null_move(Position& pos) { pos.undo_null_move(); }
};

// The hand-crafted evaluation (engine/search/hce.cpp).
std::unique_ptr<Evaluator> make_classical_evaluator();

PANTHEON_VARIANT_END
}  // namespace pantheon::search
