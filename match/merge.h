// `pantheon match merge`: the state files of a tournament's shards combined
// into one table and one JSON summary. Files must come from the same
// tournament (same fingerprint) and must not share a game pair.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "match/match_state.h"
#include "match/sprt.h"

namespace pantheon::match {

// The union of the shards' games as one state (shard 1/1); nullopt with a
// message if the files disagree or overlap.
std::optional<MatchState> merge_states(const std::vector<MatchState>& shards, std::string* error);

// Loads, merges, prints the table to `out` and writes the summary (if a path
// is given). Returns 0, or 2 with a message on `err`.
int run_merge(const std::vector<std::string>& state_paths, const std::string& summary_path,
              const std::optional<SprtSettings>& sprt, std::ostream& out, std::ostream& err);

}  // namespace pantheon::match
