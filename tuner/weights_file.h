// eval_weights.h (eval_weights_pandemonium.h) as text: the one file holding
// the hand-crafted evaluation's values of the game this copy is built for,
// written by `pantheon tune` and compiled into the engine.
#pragma once

#include <string>

#include "engine/search/eval_params.h"

namespace pantheon::tuner {
PANTHEON_VARIANT_BEGIN

// The header for `weights`, its provenance (one line, e.g. the tuning
// command and loss) in the opening comment.
std::string weights_header_text(const search::eval_params::Weights& weights,
                                const std::string& provenance);

PANTHEON_VARIANT_END
}  // namespace pantheon::tuner
