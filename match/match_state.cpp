#include "match/match_state.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace pantheon::match {

namespace {

constexpr const char* STATE_FORMAT = "pantheon-match-state";
constexpr int STATE_VERSION = 1;

}  // namespace

Json MatchState::to_json() const {
    Json j = Json::object();
    j["format"] = STATE_FORMAT;
    j["version"] = STATE_VERSION;
    j["fingerprint"] = fingerprint;
    j["variant"] = variant;
    j["tournament"] = format;
    j["players"] = players;
    Json pairs = Json::array();
    for (const auto& p : pairings) pairs.push_back(Json::array({p.first, p.second}));
    j["pairings"] = std::move(pairs);
    j["rounds"] = rounds;
    if (games_per_round != 2) j["games_per_round"] = games_per_round;  // earlier files: 2
    j["shard"] = Json::array({shard.index + 1, shard.count});
    j["pgn_bytes"] = pgn_bytes;
    j["stop_reason"] = stop_reason;
    if (sprt_crossing) {
        const SprtCrossing& c = *sprt_crossing;
        j["sprt_crossing"] = {{"decision", sprt_decision_text(c.decision)},
                              {"games", c.games},
                              {"llr", c.llr},
                              {"elo0", c.settings.elo0},
                              {"elo1", c.settings.elo1},
                              {"alpha", c.settings.alpha},
                              {"beta", c.settings.beta}};
    }
    // One compact array per game: pair, slot, white, black, result, termination, plies.
    Json list = Json::array();
    for (const auto& g : games)
        list.push_back(
            Json::array({g.pair, g.slot, g.white, g.black, std::string(outcome_text(g.outcome)),
                         std::string(end_kind_text(g.end)), g.plies}));
    j["games"] = std::move(list);
    if (!build.empty()) j["build"] = build;  // a file of an earlier version stays as it was
    if (!earlier_builds.empty()) j["earlier_builds"] = earlier_builds;
    return j;
}

std::optional<MatchState> MatchState::from_json(const Json& j, std::string* error) {
    using util::json_array, util::json_field, util::json_find, util::json_int, util::json_string;
    try {
        const Json* format = json_find(j, "format");
        if (!format || !format->is_string() || json_string(*format) != STATE_FORMAT)
            throw JsonError("not a match state file");
        if (json_int(json_field(j, "version")) != STATE_VERSION)
            throw JsonError("unsupported version");
        MatchState s;
        s.fingerprint = json_string(json_field(j, "fingerprint"));
        if (const Json* v = json_find(j, "variant")) s.variant = json_string(*v);
        s.format = json_string(json_field(j, "tournament"));
        for (const auto& p : json_array(json_field(j, "players")))
            s.players.push_back(json_string(p));
        const int n = int(s.players.size());
        for (const auto& p : json_array(json_field(j, "pairings"))) {
            const auto& a = json_array(p);
            if (a.size() != 2) throw JsonError("bad pairing");
            const Pairing pr{int(json_int(a[0])), int(json_int(a[1]))};
            if (pr.first < 0 || pr.first >= n || pr.second < 0 || pr.second >= n)
                throw JsonError("pairing names an unknown player");
            s.pairings.push_back(pr);
        }
        if (s.pairings.empty()) throw JsonError("no pairings");
        s.rounds = json_int(json_field(j, "rounds"));
        if (const Json* g = json_find(j, "games_per_round")) {
            s.games_per_round = int(json_int(*g));
            if (s.games_per_round != 1 && s.games_per_round != 2)
                throw JsonError("bad games_per_round");
        }
        const auto& sh = json_array(json_field(j, "shard"));
        if (sh.size() != 2) throw JsonError("bad shard");
        s.shard = Shard{int(json_int(sh[0])) - 1, int(json_int(sh[1]))};
        if (s.shard.count < 1 || s.shard.index < 0 || s.shard.index >= s.shard.count)
            throw JsonError("bad shard");
        s.pgn_bytes = json_int(json_field(j, "pgn_bytes"));
        s.stop_reason = json_string(json_field(j, "stop_reason"));
        if (const Json* c = json_find(j, "sprt_crossing")) {
            SprtCrossing crossing;
            const auto decision = parse_sprt_decision(json_string(json_field(*c, "decision")));
            if (!decision || *decision == SprtDecision::Continue)
                throw JsonError("bad sprt_crossing decision");
            crossing.decision = *decision;
            crossing.games = json_int(json_field(*c, "games"));
            crossing.llr = util::json_number(json_field(*c, "llr"));
            crossing.settings = {util::json_number(json_field(*c, "elo0")),
                                 util::json_number(json_field(*c, "elo1")),
                                 util::json_number(json_field(*c, "alpha")),
                                 util::json_number(json_field(*c, "beta"))};
            s.sprt_crossing = crossing;
        }
        const int64_t total = s.rounds * int64_t(s.pairings.size());
        for (const auto& g : json_array(json_field(j, "games"))) {
            const auto& a = json_array(g);
            if (a.size() != 7) throw JsonError("bad game entry");
            FinishedGame f;
            f.pair = json_int(a[0]);
            f.slot = int(json_int(a[1]));
            f.white = int(json_int(a[2]));
            f.black = int(json_int(a[3]));
            const auto o = parse_outcome(json_string(a[4]));
            const auto e = parse_end_kind(json_string(a[5]));
            f.plies = int(json_int(a[6]));
            if (!o || *o == Outcome::Unfinished || !e) throw JsonError("bad game result");
            if (f.pair < 0 || f.pair >= total || (f.slot != 0 && f.slot != 1))
                throw JsonError("game outside the schedule");
            const Pairing& pr = s.pairings[size_t(f.pair % int64_t(s.pairings.size()))];
            const int w = f.slot == 0 ? pr.first : pr.second;
            const int b = f.slot == 0 ? pr.second : pr.first;
            if (f.white != w || f.black != b)
                throw JsonError("game colors disagree with the schedule");
            f.outcome = *o;
            f.end = *e;
            s.games.push_back(f);
        }
        if (const Json* b = json_find(j, "build")) {
            if (!b->is_object()) throw JsonError("bad build");
            s.build = *b;
        }
        if (const Json* e = json_find(j, "earlier_builds"))
            for (const auto& b : json_array(*e)) s.earlier_builds.push_back(b);
        return s;
    } catch (const JsonError& e) {
        if (error) *error = std::string("bad state: ") + e.what();
        return std::nullopt;
    }
}

bool MatchState::save(const std::string& path, std::string* error) const {
    return write_file_atomically(path, util::json_text(to_json(), 1) + "\n", error);
}

std::optional<MatchState> MatchState::load(const std::string& path, std::string* error) {
    std::string text;
    if (!read_text_file(path, text, error)) return std::nullopt;
    std::string why;
    const auto j = util::parse_json(text, &why);
    if (!j) {
        if (error) *error = path + ": " + why;
        return std::nullopt;
    }
    auto s = from_json(*j, &why);
    if (!s && error) *error = path + ": " + why;
    return s;
}

}  // namespace pantheon::match
