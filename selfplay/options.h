// Everything that configures a self-play run, with the defaults of
// configs/selfplay.toml. Which settings change the games (and so belong in
// the run's manifest) and which only change how the run is carried out is
// decided here, in one place.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/variant.h"
#include "selfplay/option_defaults.h"
#include "selfplay/search_limits.h"

namespace pantheon::selfplay {

// The options themselves are variant-free (the same struct for both games),
// so one command line fills them for either game's run.

// Hard limits that keep a run within what the code and the format handle.
namespace limits {
constexpr int MAX_RANDOM_PLIES = 64;
constexpr int MAX_MULTIPV = 64;
constexpr int MAX_GAME_PLIES = 4000;
constexpr int MAX_CHUNK_GAMES = 1 << 16;
}  // namespace limits

struct SelfplayOptions {
    // --- what is played (changes the games; recorded in the manifest) ---
    uint64_t games = 0;  // total games of the run, over all shards
    uint64_t seed = 0;
    SearchLimits search;                      // of every move ...
    PlayoutCap playout_cap;                   // ... but the cheap ones
    int chunk_games = defaults::CHUNK_GAMES;  // games per output file
    int random_plies_min = defaults::RANDOM_PLIES_MIN;
    int random_plies_max = defaults::RANDOM_PLIES_MAX;
    std::string book;             // EPD/FEN file of start positions; empty = standard start
    bool unique_openings = true;  // never play the same opening position twice
    int multipv = 1;              // > 1: random choice among the top lines ...
    int multipv_plies = 0;        // ... during this many searched plies ...
    int multipv_margin = defaults::MULTIPV_MARGIN;  // ... within this many cp of the best
    int resign_score = defaults::RESIGN_SCORE;      // 0 = no resign adjudication
    int resign_plies = defaults::RESIGN_PLIES;
    int max_plies = defaults::MAX_PLIES;  // game length cap, adjudicated by score
    std::string net;  // NNUE net file, "builtin", or empty: the hand-crafted evaluation
    int setup = -1;   // start setup (engine/core/setups.h) without a book; -1: by seed

    // --- how it is carried out (never changes the games) ---
    std::string out_dir;
    int threads = 1;
    int shard_index = 0;
    int shard_count = 1;
    uint64_t max_chunks = 0;  // stop after writing this many chunks (0 = all)
    bool progress = true;     // progress line on stderr
    std::string result_file;  // written on success (util/step_result.h); empty = none
};

PANTHEON_VARIANT_BEGIN

// Empty if the options are usable, else a message naming the bad option.
std::string validate(const SelfplayOptions& options);

// The settings that determine the games, as (name, value) text pairs in a
// fixed order, for the manifest. The book enters by the hash of its content,
// a net (if any) by the hash of its parameters.
std::vector<std::pair<std::string, std::string>> game_settings(const SelfplayOptions& options,
                                                               uint64_t book_hash,
                                                               uint64_t engine_fingerprint,
                                                               uint64_t net_hash = 0);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
