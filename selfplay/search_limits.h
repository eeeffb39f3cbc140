// What a self-play or rescoring worker searches each position with: one
// struct from the command line or config (`pantheon selfplay`, `data
// rescore`, the pipeline's self-play keys) down to the engine, where
// worker_search.h turns it into search::Limits. Its member initializers are
// self-play's defaults. Variant-free, so the app and the pipeline fill it
// before they know the game.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace pantheon::selfplay {

struct SearchLimits {
    uint64_t nodes = 5000;  // per search; 0 = no node limit
    int depth = 0;          // per search; 0 = no depth limit
    int hash_mb = 16;       // per worker; the table size changes node-limited results
};

// The largest scale (percent) of an outside judge's centipawns into ours:
// `data rescore --engine-score-percent` and the pipeline's
// outside-score-percent.
inline constexpr int MAX_JUDGE_SCORE_PERCENT = 1000;

// Playout cap randomization (self-play only): each searched ply is, with
// probability full_share, searched under the full limits and kept for
// training; otherwise it is searched with cheap_nodes only, to move the game
// on, and recorded excluded. Games then cost fewer nodes a ply while every
// kept position has the full search's score. full_share 1 turns it off.
struct PlayoutCap {
    double full_share = 1.0;
    uint64_t cheap_nodes = 0;  // required (>= 1, below the full node limit) when on

    bool on() const { return full_share < 1.0; }
};

// The cap's settings, keyed as self-play's manifest and the pipeline's
// recorded settings name them (the command-line option is the key with
// dashes). None when off, so the records of runs without a cap stay as they
// were.
inline std::vector<std::pair<std::string, std::string>> recorded_settings(const PlayoutCap& cap) {
    if (!cap.on()) return {};
    return {{"full_search_share", std::to_string(cap.full_share)},
            {"cheap_nodes", std::to_string(cap.cheap_nodes)}};
}

// Empty if the cap is usable with these full limits, else a message naming
// the bad option.
inline std::string validate(const PlayoutCap& cap, const SearchLimits& full) {
    if (!(cap.full_share > 0.0 && cap.full_share <= 1.0))
        return "--full-search-share must be in (0, 1]";
    if (!cap.on()) return {};
    if (cap.cheap_nodes == 0) return "--full-search-share below 1 needs --cheap-nodes";
    if (full.nodes != 0 && cap.cheap_nodes >= full.nodes)
        return "--cheap-nodes must be below --nodes";
    return {};
}

}  // namespace pantheon::selfplay
