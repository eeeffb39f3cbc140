#include "match/schedule.h"

#include <cstdlib>

namespace pantheon::match {

namespace {

std::optional<int64_t> parse_int(std::string_view s) {
    if (s.empty() || s.size() > 12 || s.find_first_not_of("0123456789") != std::string_view::npos)
        return std::nullopt;
    return std::stoll(std::string(s));
}

}  // namespace

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

std::string Shard::text() const {
    return std::to_string(index + 1) + "/" + std::to_string(count);
}

std::optional<Shard> parse_shard(std::string_view text, std::string* error) {
    const size_t slash = text.find('/');
    const auto k = parse_int(text.substr(0, slash));
    const auto n =
        slash == std::string_view::npos ? std::nullopt : parse_int(text.substr(slash + 1));
    if (!k || !n || *n < 1 || *k < 1 || *k > *n) {
        if (error) *error = "bad shard '" + std::string(text) + "' (expected K/N with 1 <= K <= N)";
        return std::nullopt;
    }
    return Shard{int(*k - 1), int(*n)};
}

std::optional<Shard> shard_from_environment(std::string* error) {
    const char* id = std::getenv("SLURM_ARRAY_TASK_ID");
    const char* count = std::getenv("SLURM_ARRAY_TASK_COUNT");
    if (!id || !count) return std::nullopt;
    const char* min = std::getenv("SLURM_ARRAY_TASK_MIN");
    const auto i = parse_int(id);
    const auto n = parse_int(count);
    const auto m = min ? parse_int(min) : std::optional<int64_t>(0);
    if (!i || !n || !m || *n < 1 || *i < *m || *i - *m >= *n) {
        if (error) *error = "SLURM_ARRAY_TASK_ID/COUNT/MIN do not describe a shard";
        return std::nullopt;
    }
    return Shard{int(*i - *m), int(*n)};
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
