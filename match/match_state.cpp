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
    j.set("format", STATE_FORMAT);
    j.set("version", STATE_VERSION);
    j.set("fingerprint", fingerprint);
    j.set("variant", variant);
    j.set("tournament", format);
    Json names = Json::array();
    for (const auto& p : players) names.push(p);
    j.set("players", names);
    Json pairs = Json::array();
    for (const auto& p : pairings) pairs.push(Json(Json::Array{Json(p.first), Json(p.second)}));
    j.set("pairings", pairs);
    j.set("rounds", rounds);
    j.set("shard", Json(Json::Array{Json(shard.index + 1), Json(shard.count)}));
    j.set("pgn_bytes", pgn_bytes);
    j.set("stop_reason", stop_reason);
    // One compact array per game: pair, slot, white, black, result, termination, plies.
    Json list = Json::array();
    for (const auto& g : games)
        list.push(Json(Json::Array{Json(g.pair), Json(g.slot), Json(g.white), Json(g.black),
                                   Json(outcome_text(g.outcome)), Json(end_kind_text(g.end)),
                                   Json(g.plies)}));
    j.set("games", list);
    return j;
}

std::optional<MatchState> MatchState::from_json(const Json& j, std::string* error) {
    try {
        if (!j.is_object() || !j.find("format") || j.at("format").as_string() != STATE_FORMAT)
            throw JsonError("not a match state file");
        if (j.at("version").as_int() != STATE_VERSION) throw JsonError("unsupported version");
        MatchState s;
        s.fingerprint = j.at("fingerprint").as_string();
        if (j.find("variant")) s.variant = j.at("variant").as_string();
        s.format = j.at("tournament").as_string();
        for (const auto& p : j.at("players").as_array()) s.players.push_back(p.as_string());
        const int n = int(s.players.size());
        for (const auto& p : j.at("pairings").as_array()) {
            const auto& a = p.as_array();
            if (a.size() != 2) throw JsonError("bad pairing");
            const Pairing pr{int(a[0].as_int()), int(a[1].as_int())};
            if (pr.first < 0 || pr.first >= n || pr.second < 0 || pr.second >= n)
                throw JsonError("pairing names an unknown player");
            s.pairings.push_back(pr);
        }
        if (s.pairings.empty()) throw JsonError("no pairings");
        s.rounds = j.at("rounds").as_int();
        const auto& sh = j.at("shard").as_array();
        if (sh.size() != 2) throw JsonError("bad shard");
        s.shard = Shard{int(sh[0].as_int()) - 1, int(sh[1].as_int())};
        if (s.shard.count < 1 || s.shard.index < 0 || s.shard.index >= s.shard.count)
            throw JsonError("bad shard");
        s.pgn_bytes = j.at("pgn_bytes").as_int();
        s.stop_reason = j.at("stop_reason").as_string();
        const int64_t total = s.rounds * int64_t(s.pairings.size());
        for (const auto& g : j.at("games").as_array()) {
            const auto& a = g.as_array();
            if (a.size() != 7) throw JsonError("bad game entry");
            FinishedGame f;
            f.pair = a[0].as_int();
            f.slot = int(a[1].as_int());
            f.white = int(a[2].as_int());
            f.black = int(a[3].as_int());
            const auto o = parse_outcome(a[4].as_string());
            const auto e = parse_end_kind(a[5].as_string());
            f.plies = int(a[6].as_int());
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
        return s;
    } catch (const JsonError& e) {
        if (error) *error = std::string("bad state: ") + e.what();
        return std::nullopt;
    }
}

bool MatchState::save(const std::string& path, std::string* error) const {
    return write_file_atomically(path, to_json().dump(1) + "\n", error);
}

std::optional<MatchState> MatchState::load(const std::string& path, std::string* error) {
    std::string text;
    if (!read_text_file(path, text, error)) return std::nullopt;
    std::string why;
    const auto j = Json::parse(text, &why);
    if (!j) {
        if (error) *error = path + ": " + why;
        return std::nullopt;
    }
    auto s = from_json(*j, &why);
    if (!s && error) *error = path + ": " + why;
    return s;
}

}  // namespace pantheon::match
