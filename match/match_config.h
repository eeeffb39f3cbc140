// Everything a tournament run is told: players, format, openings, game
// rules, outputs, sharding. `pantheon match` fills it from the command line or
// a TOML file; tests fill it directly.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "match/game_settings.h"
#include "match/openings.h"
#include "match/player.h"
#include "match/schedule.h"
#include "match/sprt.h"
#include "match/variant_rules.h"

namespace pantheon::match {

struct MatchConfig {
    std::string variant = std::string(DEFAULT_VARIANT);  // the game (variant_rules.h)
    std::vector<PlayerConfig> players;
    Format format = Format::HeadToHead;
    int64_t rounds = 10;  // rounds per pairing: a game pair each, or one game
    // 2: each round's opening is played with both colours (a game pair);
    // 1: one game, the pairing's first player White in even rounds, Black in
    // odd ones (fastchess's -games 1).
    int games_per_round = 2;
    int concurrency = 1;  // games at once
    OpeningSettings openings;
    GameSettings game;
    std::optional<SprtSettings> sprt;  // head-to-head only

    std::string event = "Pantheon match";
    std::string site = "?";
    std::string pgn_path = "match.pgn";
    std::string summary_path = "match.json";
    std::string state_path;  // empty: <pgn_path>.state.json
    std::string engine_log;  // UCI traffic and engines' stderr (appended); empty: none
    std::string self_path;   // program of internal players; empty: this binary

    int rating_interval = 10;  // results block every N finished games; 0: only at the end

    Shard shard;
    bool resume = false;         // continue from the state file
    bool force = false;          // overwrite existing outputs when not resuming
    bool progress = true;        // live line on stderr
    bool handle_signals = true;  // Ctrl-C stops cleanly (tests turn it off)

    std::string resolved_state_path() const;
    // Checks consistency (unique names, a limit per player, SPRT only for
    // head-to-head ...); false with a message.
    bool validate(std::string* error) const;
    // Identifies the tournament (players, format, rounds, openings, rules) so
    // that --resume and merge refuse files from a different one.
    std::string fingerprint() const;
    // The fingerprint the same tournament had with `rounds` game pairs per
    // pairing: a resume may raise the rounds (an SPRT that ran out of pairs
    // goes on), since the schedule only grows.
    std::string fingerprint_for_rounds(int64_t rounds) const;
};

}  // namespace pantheon::match
