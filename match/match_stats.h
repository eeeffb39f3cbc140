// Turns the list of finished games into the numbers a user reads: per
// pairing W/D/L and pentanomial counts (from the pairing's first player's
// side), Elo estimates, SPRT status, the rating table, and how games ended.
// Also renders them as a text table and a JSON summary.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "match/elo.h"
#include "match/match_state.h"
#include "match/rating_table.h"
#include "match/sprt.h"

namespace pantheon::match {

struct PairingStats {
    Pairing pairing;
    Trinomial games;    // first player's wins/draws/losses
    Pentanomial pairs;  // complete pairs only
    EloEstimate elo;    // from the pentanomial counts (trinomial if no pair is complete)
};

struct MatchStats {
    int64_t games = 0;
    std::vector<PairingStats> pairings;
    RatingTable ratings;
    std::map<std::string, int64_t> endings;  // termination name -> games
    std::optional<SprtStatus> sprt;          // head-to-head with SPRT settings
    // Where the test was decided, when the state records a crossing under the
    // same settings (its decision is then sprt->decision).
    std::optional<SprtCrossing> sprt_crossing;
};

double white_points(Outcome o);  // 1, 0 or 0.5

MatchStats compute_stats(const MatchState& state, const std::optional<SprtSettings>& sprt);

// Human-readable table (stdout at the end of a run and after merge).
std::string stats_text(const MatchState& state, const MatchStats& stats);
// The JSON summary file's content.
Json stats_json(const MatchState& state, const MatchStats& stats,
                const std::optional<SprtSettings>& sprt);
// The live progress line (no newline).
std::string progress_text(const MatchState& state, const MatchStats& stats, int64_t games_planned);

}  // namespace pantheon::match
