#include "match/merge.h"

#include <set>
#include <utility>

#include "match/match_stats.h"

namespace pantheon::match {

std::optional<MatchState> merge_states(const std::vector<MatchState>& shards, std::string* error) {
    const auto fail = [&](const std::string& msg) -> std::optional<MatchState> {
        if (error) *error = msg;
        return std::nullopt;
    };
    if (shards.empty()) return fail("no state files to merge");
    MatchState merged = shards[0];
    merged.games.clear();
    merged.shard = Shard{};
    merged.pgn_bytes = 0;
    // A shard's crossing is its own; the merged games are tested afresh.
    merged.sprt_crossing.reset();
    std::set<int64_t> pairs_seen;
    std::string reasons;
    for (size_t i = 0; i < shards.size(); ++i) {
        const MatchState& s = shards[i];
        if (s.variant != merged.variant)
            return fail("file " + std::to_string(i + 1) + " is a " + s.variant +
                        " tournament, file 1 " + merged.variant);
        if (s.fingerprint != merged.fingerprint || s.players != merged.players ||
            s.pairings != merged.pairings || s.rounds != merged.rounds)
            return fail("file " + std::to_string(i + 1) + " belongs to a different tournament");
        std::set<int64_t> mine;
        for (const auto& g : s.games) {
            if (pairs_seen.count(g.pair))
                return fail("shards overlap: game pair " + std::to_string(g.pair) +
                            " appears in more than one file");
            mine.insert(g.pair);
        }
        std::set<std::pair<int64_t, int>> slots;
        for (const auto& g : s.games)
            if (!slots.insert({g.pair, g.slot}).second)
                return fail("file " + std::to_string(i + 1) + " has game " +
                            std::to_string(g.pair) + "." + std::to_string(g.slot) + " twice");
        pairs_seen.insert(mine.begin(), mine.end());
        merged.games.insert(merged.games.end(), s.games.begin(), s.games.end());
        reasons += (reasons.empty() ? "" : "; ") + s.shard.text() + " " + s.stop_reason;
    }
    merged.stop_reason = "merged: " + reasons;
    return merged;
}

int run_merge(const std::vector<std::string>& state_paths, const std::string& summary_path,
              const std::optional<SprtSettings>& sprt, std::ostream& out, std::ostream& err) {
    std::vector<MatchState> shards;
    for (const auto& path : state_paths) {
        std::string why;
        auto s = MatchState::load(path, &why);
        if (!s) {
            err << "error: " << why << "\n";
            return 2;
        }
        shards.push_back(std::move(*s));
    }
    std::string why;
    const auto merged = merge_states(shards, &why);
    if (!merged) {
        err << "error: " << why << "\n";
        return 2;
    }
    const int64_t planned = merged->games_planned();
    const MatchStats stats = compute_stats(*merged, sprt);
    out << "Merged " << state_paths.size() << " files: " << merged->games.size() << " of "
        << planned << " games\n";
    out << stats_text(*merged, stats);
    if (!summary_path.empty() &&
        !write_file_atomically(summary_path,
                               util::json_text(stats_json(*merged, stats, sprt), 2) + "\n", &why)) {
        err << "error: " << why << "\n";
        return 2;
    }
    return 0;
}

}  // namespace pantheon::match
