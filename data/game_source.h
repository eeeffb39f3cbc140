// Every game of a list of data files, in order, chunk by chunk (so memory
// holds one chunk at a time). The tools (stats, export, merge, filter,
// shuffle) read their inputs through this.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "data/game_file.h"
#include "data/progress.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

struct InputSet {
    std::vector<std::string> files;
    uint64_t games = 0, positions = 0, bytes = 0;
};

// Expands the inputs and checks every file's header and chunk index.
bool open_inputs(const std::vector<std::string>& inputs, InputSet& set, std::string* error);

// Calls visit(const GameRecord&) for every game; visit returns false to stop
// early (then this returns false with *error as the visitor set it).
// Progress counts positions.
bool for_each_game(const InputSet& set, const std::function<bool(const GameRecord&)>& visit,
                   Progress* progress, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::data
