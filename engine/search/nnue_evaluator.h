// The NNUE evaluator for the search: follows the search's moves with an
// incremental accumulator stack (nnue/accumulator.h) over a shared,
// immutable network.
#pragma once

#include <memory>

#include "engine/search/evaluator.h"
#include "engine/search/search.h"
#include "nnue/network.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

std::unique_ptr<Evaluator> make_nnue_evaluator(std::shared_ptr<const nnue::Network> net);
// A factory for Engine::set_evaluator: every thread's evaluator shares net.
EvaluatorFactory nnue_evaluator_factory(std::shared_ptr<const nnue::Network> net);

PANTHEON_VARIANT_END
}  // namespace pantheon::search
