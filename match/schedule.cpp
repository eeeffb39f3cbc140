#include "match/schedule.h"

namespace pantheon::match {

std::optional<Format> parse_format(std::string_view text) {
    if (text == "h2h" || text == "head-to-head") return Format::HeadToHead;
    if (text == "gauntlet") return Format::Gauntlet;
    if (text == "roundrobin" || text == "round-robin") return Format::RoundRobin;
    return std::nullopt;
}

std::string_view format_name(Format f) {
    switch (f) {
        case Format::HeadToHead:
            return "h2h";
        case Format::Gauntlet:
            return "gauntlet";
        case Format::RoundRobin:
            return "roundrobin";
    }
    return "?";
}

std::optional<std::vector<Pairing>> make_pairings(Format f, int players, std::string* error) {
    std::vector<Pairing> out;
    if (players < 2 || (f == Format::HeadToHead && players != 2)) {
        if (error)
            *error =
                f == Format::HeadToHead
                    ? "a head-to-head match needs exactly 2 players, got " + std::to_string(players)
                    : "a tournament needs at least 2 players, got " + std::to_string(players);
        return std::nullopt;
    }
    if (f == Format::RoundRobin) {
        for (int i = 0; i < players; ++i)
            for (int j = i + 1; j < players; ++j) out.push_back({i, j});
    } else {
        for (int j = 1; j < players; ++j) out.push_back({0, j});
    }
    return out;
}

int Schedule::white_of(int64_t pair, int slot) const {
    const Pairing& p = pairing_of(pair);
    return slot == 0 ? p.first : p.second;
}

int Schedule::black_of(int64_t pair, int slot) const {
    const Pairing& p = pairing_of(pair);
    return slot == 0 ? p.second : p.first;
}

std::vector<int64_t> Schedule::pairs_of(const Shard& s) const {
    std::vector<int64_t> out;
    for (int64_t p = s.index; p < total_pairs(); p += s.count) out.push_back(p);
    return out;
}

std::string Schedule::round_tag(int64_t pair, int slot) const {
    return std::to_string(round_of(pair) + 1) + "." +
           std::to_string(pairing_index(pair) * 2 + slot + 1);
}

}  // namespace pantheon::match
