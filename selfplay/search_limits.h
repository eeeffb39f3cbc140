// What a self-play or rescoring worker searches each position with: one
// struct from the command line or config (`pantheon selfplay`, `data
// rescore`, the pipeline's self-play keys) down to the engine, where
// worker_search.h turns it into search::Limits. Its member initializers are
// self-play's defaults. Variant-free, so the app and the pipeline fill it
// before they know the game.
#pragma once

#include <cstdint>

namespace pantheon::selfplay {

struct SearchLimits {
    uint64_t nodes = 5000;  // per search; 0 = no node limit
    int depth = 0;          // per search; 0 = no depth limit
    int hash_mb = 16;       // per worker; the table size changes node-limited results
};

}  // namespace pantheon::selfplay
