// The search behind every verdict a self-play record holds, shared by the
// self-play run and rescoring (rescore.h): one single-threaded engine per
// worker with the run's evaluation and limits. new_game() clears its
// transposition table and move-ordering histories, so a game's verdicts
// depend only on that game and the settings, never on the worker that
// searched it or on what that worker searched before.
#pragma once

#include <cstdint>
#include <string>

#include "engine/search/search.h"
#include "selfplay/search_limits.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

// The --net value that names the net built into the binary.
inline constexpr const char* NET_BUILTIN = "builtin";

// The evaluation a run searches with.
struct RunEvaluation {
    search::EvaluatorFactory factory;  // empty: the hand-crafted evaluation
    uint64_t net_hash = 0;             // of the net's parameters; 0 without a net
};

// `net`: "" the hand-crafted evaluation, NET_BUILTIN the built-in net, else a
// net file. False with a message when the net cannot be loaded.
bool load_evaluation(const std::string& net, RunEvaluation& out, std::string* error);

// Empty if the limits are usable, else a message naming the bad option.
std::string validate(const SearchLimits& limits);

// The engine's limits of one search under `limits` (the hash size goes to
// the engine itself): the one place they are translated.
search::Limits engine_limits(const SearchLimits& limits, int multipv = 1);

class WorkerSearch {
  public:
    WorkerSearch(const SearchLimits& limits, const search::EvaluatorFactory& evaluation);

    // Before every game: clears the table and the histories.
    void new_game();
    // The position's verdict; `pos` carries the game's history (repetitions).
    search::Result search(const Position& pos, int multipv = 1);
    // A search of `nodes` nodes (the run's depth limit still applies): a
    // cheap move of playout cap randomization.
    search::Result search_cheap(const Position& pos, uint64_t nodes);

  private:
    search::Engine engine_;
    SearchLimits limits_;
};

// The score a record keeps of a search: mate scores clamped into the data
// format's range.
int16_t recorded_score(const search::Result& result);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
