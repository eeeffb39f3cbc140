#include "match/results_block.h"

#include <cstdio>

namespace pantheon::match {

namespace {

constexpr const char* RULE = "--------------------------------------------------\n";

template <typename... Args>
std::string line(const char* format, Args... args) {
    char buf[256];
    std::snprintf(buf, sizeof buf, format, args...);
    return buf;
}

}  // namespace

std::string ptnml_text(const Pentanomial& pairs) {
    const auto& c = pairs.counts;
    return line("Ptnml(0-2): [%lld, %lld, %lld, %lld, %lld]", (long long)c[0], (long long)c[1],
                (long long)c[2], (long long)c[3], (long long)c[4]);
}

std::string results_block(const MatchState& state, const MatchStats& stats,
                          const std::optional<SprtSettings>& sprt,
                          const std::vector<std::string>& labels) {
    std::string out = RULE;
    for (size_t i = 0; i < stats.pairings.size(); ++i) {
        const PairingStats& ps = stats.pairings[i];
        const EloEstimate& e = ps.elo;
        const auto& c = ps.pairs.counts;
        const int64_t pairs = ps.pairs.pairs();
        const int64_t games = ps.games.games();
        const double points = double(ps.games.wins) + 0.5 * double(ps.games.draws);
        const double draw_ratio = pairs > 0 ? 100.0 * double(c[2]) / double(pairs) : 0.0;
        const int64_t better = c[3] + c[4], worse = c[0] + c[1];
        out += "Results of " + state.players[size_t(ps.pairing.first)] + " vs " +
               state.players[size_t(ps.pairing.second)] + " (" +
               (i < labels.size() ? labels[i] : std::string("?")) + "):\n";
        out += line("Elo: %.2f +/- %.2f, nElo: %.2f +/- %.2f\n", e.elo, e.elo_error, e.nelo,
                    e.nelo_error);
        out += line("LOS: %.2f %%, DrawRatio: %.2f %%, PairsRatio: ", 100 * e.los, draw_ratio);
        out += worse > 0 ? line("%.2f\n", double(better) / double(worse))
                         : std::string(better > 0 ? "inf\n" : "0.00\n");
        out += line("Games: %lld, Wins: %lld, Losses: %lld, Draws: %lld, Points: %.1f (%.2f %%)\n",
                    (long long)games, (long long)ps.games.wins, (long long)ps.games.losses,
                    (long long)ps.games.draws, points,
                    games > 0 ? 100.0 * points / double(games) : 0.0);
        out += ptnml_text(ps.pairs) + "\n";
        if (stats.sprt && sprt && stats.pairings.size() == 1)
            out += line("LLR: %.2f (%.2f, %.2f) [%.2f, %.2f]\n", stats.sprt->llr, stats.sprt->lower,
                        stats.sprt->upper, sprt->elo0, sprt->elo1);
        out += RULE;
    }
    return out;
}

}  // namespace pantheon::match
