#include "tuner/weights_file.h"

#include <sstream>

namespace pantheon::tuner {
PANTHEON_VARIANT_BEGIN

std::string weights_header_text(const search::eval_params::Weights& weights,
                                const std::string& provenance) {
    using namespace search::eval_params;
    std::ostringstream out;
    out << "// The hand-crafted evaluation's values, in the block order of eval_params.h.\n"
           "// Written by `pantheon tune` (docs/TUNING.md): edit by re-tuning, or by hand\n"
           "// keeping the layout.\n"
           "// Provenance: "
        << provenance << "\n";
    // Mansindam's file (eval_weights.h) keeps its old text; another game's
    // names the game and the file eval_params.h picks for it.
    if (Variant::name != VARIANT_NAMES[0])
        out << "// Game: " << Variant::name << " (engine/search/eval_weights_" << Variant::name
            << ".h)\n";
    out << "#pragma once\n\nnamespace pantheon::search::eval_params {\nPANTHEON_VARIANT_BEGIN\n\n"
           "inline constexpr Weights WEIGHTS = {\n";
    int at = 0;
    for (const Block& b : BLOCKS) {
        out << "    // " << b.name << "\n    ";
        for (int i = 0; i < b.size; ++i)
            out << weights[size_t(at + i)] << (i + 1 < b.size ? ", " : ",\n");
        at += b.size;
    }
    out << "};\n\nPANTHEON_VARIANT_END\n}  // namespace pantheon::search::eval_params\n";
    return out.str();
}

PANTHEON_VARIANT_END
}  // namespace pantheon::tuner
