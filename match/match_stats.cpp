#include "match/match_stats.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <unordered_map>

#include "match/results_block.h"
#include "util/build_info.h"

namespace pantheon::match {

namespace {

std::string fmt(const char* format, double a, double b = 0, double c = 0) {
    char buf[128];
    std::snprintf(buf, sizeof buf, format, a, b, c);
    return buf;
}

// " (LLR 2.96 after 1641 games)": where a decided test crossed its bound.
std::string crossing_text(const MatchStats& st) {
    if (!st.sprt_crossing) return "";
    return fmt(" (LLR %.2f after %.0f games)", st.sprt_crossing->llr,
               double(st.sprt_crossing->games));
}

Json estimate_json(const EloEstimate& e) {
    Json j = Json::object();
    j["score"] = e.score;
    j["elo"] = e.elo;
    j["elo_error95"] = e.elo_error;
    j["nelo"] = e.nelo;
    j["nelo_error95"] = e.nelo_error;
    j["los"] = e.los;
    return j;
}

}  // namespace

double white_points(Outcome o) {
    return o == Outcome::WhiteWins ? 1.0 : o == Outcome::BlackWins ? 0.0 : 0.5;
}

MatchStats compute_stats(const MatchState& state, const std::optional<SprtSettings>& sprt) {
    MatchStats st;
    ResultMatrix matrix(int(state.players.size()));
    for (const auto& p : state.pairings) st.pairings.push_back({p, {}, {}, {}});
    const int64_t k = int64_t(state.pairings.size());
    // Points of the pairing's first player per pair, to assemble pentanomial pairs.
    std::unordered_map<int64_t, std::pair<int, double>> halves;  // pair -> (games seen, points)
    for (const auto& g : state.games) {
        ++st.games;
        ++st.endings[std::string(end_kind_text(g.end))];
        const double wp = white_points(g.outcome);
        matrix.add(g.white, g.black, wp);
        PairingStats& ps = st.pairings[size_t(g.pair % k)];
        const double first_points = g.white == ps.pairing.first ? wp : 1 - wp;
        ps.games.add(first_points);
        auto& h = halves[g.pair];
        ++h.first;
        h.second += first_points;
        if (h.first == 2) ps.pairs.add_pair(int(h.second * 2 + 0.5));
    }
    for (auto& ps : st.pairings)
        ps.elo = ps.pairs.pairs() > 0 ? estimate(ps.pairs) : estimate(ps.games);
    st.ratings = compute_ratings(matrix);
    if (sprt && st.pairings.size() == 1) {
        st.sprt = sprt_status(st.pairings[0].pairs, *sprt);
        if (const auto& c = state.sprt_crossing; c && c->settings == *sprt) {
            st.sprt->decision = c->decision;
            st.sprt_crossing = c;
        }
    }
    return st;
}

std::string stats_text(const MatchState& state, const MatchStats& st) {
    std::string out;
    const auto& names = state.players;
    size_t width = 6;
    for (const auto& n : names) width = std::max(width, n.size());
    out += "Games: " + std::to_string(st.games) + "\n";
    for (const auto& ps : st.pairings) {
        const auto& e = ps.elo;
        out += names[size_t(ps.pairing.first)] + " vs " + names[size_t(ps.pairing.second)] + ": " +
               std::to_string(ps.games.wins) + " - " + std::to_string(ps.games.losses) + " - " +
               std::to_string(ps.games.draws) + " (W-L-D)";
        out += fmt("  score %.1f%%", 100 * e.score);
        out += fmt("  Elo %+.1f +- %.1f", e.elo, e.elo_error);
        out += fmt("  nElo %+.1f +- %.1f", e.nelo, e.nelo_error);
        out += fmt("  LOS %.1f%%\n", 100 * e.los);
        out += "  " + ptnml_text(ps.pairs) + " (game pairs scoring 0, 1/2, 1, 3/2, 2)\n";
    }
    if (st.sprt)
        out += fmt("SPRT: LLR %.2f (%.2f, %.2f) ", st.sprt->llr, st.sprt->lower, st.sprt->upper) +
               sprt_decision_text(st.sprt->decision) + crossing_text(st) + "\n";
    std::vector<size_t> order(st.ratings.rows.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return st.ratings.rows[a].elo > st.ratings.rows[b].elo;
    });
    char line[256];
    std::snprintf(line, sizeof line, "\n%4s  %-*s %8s %7s %7s %7s\n", "rank", int(width), "name",
                  "elo", "+-", "games", "score");
    out += line;
    int rank = 0;
    for (size_t i : order) {
        const auto& r = st.ratings.rows[i];
        std::snprintf(line, sizeof line, "%4d  %-*s %+8.1f %7.1f %7lld %6.1f%%\n", ++rank,
                      int(width), names[i].c_str(), r.elo, r.error, (long long)r.games,
                      r.games ? 100.0 * r.points / double(r.games) : 0.0);
        out += line;
    }
    if (st.ratings.regularized)
        out += "(ratings use one virtual draw per pairing: some player won or lost every game)\n";
    out += "Endings:";
    for (const auto& [k, v] : st.endings) out += " " + k + " " + std::to_string(v) + ";";
    out += "\n";
    return out;
}

Json stats_json(const MatchState& state, const MatchStats& st,
                const std::optional<SprtSettings>& sprt) {
    Json j = Json::object();
    j["variant"] = state.variant;
    j["tournament"] = state.format;
    j["fingerprint"] = state.fingerprint;
    j["games"] = st.games;
    j["games_planned"] = state.games_planned();
    j["shard"] = state.shard.text();
    j["stop_reason"] = state.stop_reason;
    // The build that wrote this summary; the state's builds if they differ.
    j["build"] = util::build_identity_json();
    if (!state.build.empty() && state.build != j["build"]) j["state_build"] = state.build;
    if (!state.earlier_builds.empty()) j["earlier_builds"] = state.earlier_builds;
    Json pairings = Json::array();
    for (const auto& ps : st.pairings) {
        Json p = Json::object();
        p["first"] = state.players[size_t(ps.pairing.first)];
        p["second"] = state.players[size_t(ps.pairing.second)];
        p["wins"] = ps.games.wins;
        p["losses"] = ps.games.losses;
        p["draws"] = ps.games.draws;
        Json penta = Json::array();
        for (int64_t c : ps.pairs.counts) penta.push_back(c);
        p["pentanomial"] = penta;
        p["estimate"] = estimate_json(ps.elo);
        pairings.push_back(std::move(p));
    }
    j["pairings"] = pairings;
    if (st.sprt && sprt) {
        Json s = Json::object();
        s["elo0"] = sprt->elo0;
        s["elo1"] = sprt->elo1;
        s["alpha"] = sprt->alpha;
        s["beta"] = sprt->beta;
        s["llr"] = st.sprt->llr;
        s["lower_bound"] = st.sprt->lower;
        s["upper_bound"] = st.sprt->upper;
        s["decision"] = sprt_decision_text(st.sprt->decision);
        if (st.sprt_crossing) {
            s["decided_after_games"] = st.sprt_crossing->games;
            s["llr_at_decision"] = st.sprt_crossing->llr;
        }
        j["sprt"] = s;
    }
    Json ratings = Json::array();
    for (const auto& r : st.ratings.rows) {
        Json row = Json::object();
        row["name"] = state.players[size_t(r.player)];
        row["elo"] = r.elo;
        row["error95"] = r.error;
        row["games"] = r.games;
        row["points"] = r.points;
        row["wins"] = r.wins;
        row["draws"] = r.draws;
        row["losses"] = r.losses;
        ratings.push_back(std::move(row));
    }
    j["ratings"] = ratings;
    j["ratings_regularized"] = st.ratings.regularized;
    Json endings = Json::object();
    for (const auto& [k, v] : st.endings) endings[k] = v;
    j["endings"] = endings;
    return j;
}

std::string progress_text(const MatchState& state, const MatchStats& st, int64_t games_planned) {
    std::string out = "games " + std::to_string(st.games) + "/" + std::to_string(games_planned);
    if (st.pairings.size() == 1) {
        const auto& ps = st.pairings[0];
        out += " | " + state.players[size_t(ps.pairing.first)] + " " +
               std::to_string(ps.games.wins) + "-" + std::to_string(ps.games.losses) + "-" +
               std::to_string(ps.games.draws);
        // Estimates only once a game pair is complete: one game says nothing.
        if (ps.pairs.pairs() > 0) {
            out += fmt(" (%.1f%%)", 100 * ps.elo.score);
            out += fmt(" | Elo %+.1f +- %.1f", ps.elo.elo, ps.elo.elo_error);
            out += fmt(" | nElo %+.1f +- %.1f", ps.elo.nelo, ps.elo.nelo_error);
        }
    } else if (!st.ratings.rows.empty()) {
        const auto best =
            std::max_element(st.ratings.rows.begin(), st.ratings.rows.end(),
                             [](const auto& a, const auto& b) { return a.elo < b.elo; });
        out += " | leader " + state.players[size_t(best->player)] +
               fmt(" %+.1f +- %.1f", best->elo, best->error);
    }
    if (st.sprt)
        out += fmt(" | LLR %.2f (%.2f, %.2f)", st.sprt->llr, st.sprt->lower, st.sprt->upper);
    return out;
}

}  // namespace pantheon::match
