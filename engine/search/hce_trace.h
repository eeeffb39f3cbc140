// The hand-crafted evaluation as a function of its parameters, for the tuner:
// which parameter each feature of a position multiplies and how often. The
// evaluation is
//     sum(value[p] * linear[p])
//   + sum over both kings, + for the side to move's and - for the other's:
//       - king_danger_penalty(U) + king_advance_term(value[king_advance + rank], U)
//   with U = sum(value[p] * units[p]) of that king,
// which is what hce.cpp computes (in integers) with the same feature code.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/position.h"
#include "engine/search/eval_params.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

struct EvalTerm {
    uint16_t param;
    int16_t count;
};

struct EvalTrace {
    std::vector<EvalTerm> linear;           // signed: + for the side to move's features
    std::vector<EvalTerm> units[COLOR_NB];  // [0] the side to move's king, [1] the other's
    int king_rank[COLOR_NB] = {};           // relative rank of those kings

    void clear() {
        linear.clear();
        units[0].clear();
        units[1].clear();
    }
};

// Fills `trace` for a position whose game is not over and returns the
// evaluation's score of it (evaluate() of the classical evaluator).
int trace_evaluation(const Position& pos, EvalTrace& trace);

PANTHEON_VARIANT_END
}  // namespace pantheon::search
