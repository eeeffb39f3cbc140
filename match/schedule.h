// Who plays whom and in which order. A tournament is `rounds` rounds; in each
// round every pairing plays one game pair on the round's opening (slot 0:
// the pairing's first player has White, slot 1: colors swapped). Pairs are
// numbered round-major (pair = round * pairings + pairing), and a shard K of
// N (0-based K) plays the pairs with pair % N == K, so shards are disjoint and
// together cover every pair.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/shard.h"

namespace pantheon::match {

enum class Format { HeadToHead, Gauntlet, RoundRobin };
std::optional<Format> parse_format(std::string_view text);  // h2h, gauntlet, roundrobin
std::string_view format_name(Format f);

struct Pairing {
    int first = 0, second = 1;
    bool operator==(const Pairing&) const = default;
};

// Head-to-head: exactly two players. Gauntlet: the first player against each
// of the others. Round robin: every pair of players.
std::optional<std::vector<Pairing>> make_pairings(Format f, int players, std::string* error);

// Shard K of N (0-based K, util/shard.h: the convention of every sharded command).
using util::parse_shard;
using util::Shard;
using util::shard_from_environment;

class Schedule {
  public:
    Schedule(std::vector<Pairing> pairings, int64_t rounds)
        : pairings_(std::move(pairings)), rounds_(rounds) {}
    const std::vector<Pairing>& pairings() const { return pairings_; }
    int64_t rounds() const { return rounds_; }
    int64_t total_pairs() const { return rounds_ * int64_t(pairings_.size()); }
    int64_t round_of(int64_t pair) const { return pair / int64_t(pairings_.size()); }
    int pairing_index(int64_t pair) const { return int(pair % int64_t(pairings_.size())); }
    const Pairing& pairing_of(int64_t pair) const { return pairings_[size_t(pairing_index(pair))]; }
    // Player indices of a game: slot 0 gives the first player White.
    int white_of(int64_t pair, int slot) const;
    int black_of(int64_t pair, int slot) const;
    static bool in_shard(int64_t pair, const Shard& s) { return pair % s.count == s.index; }
    std::vector<int64_t> pairs_of(const Shard& s) const;
    // PGN Round tag: "<round>.<game in round>", both 1-based.
    std::string round_tag(int64_t pair, int slot) const;

  private:
    std::vector<Pairing> pairings_;
    int64_t rounds_;
};

}  // namespace pantheon::match
