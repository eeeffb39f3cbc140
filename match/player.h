// What a player is: the program to run (the Pantheon binary itself for
// internal players, any UCI engine for external ones), its UCI options and
// its search limits. Players are written on the command line and in TOML as
// specs like "name=new cmd=./engine option.Hash=64 tc=10+0.1" (see MATCH.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pantheon::match {

// Base time plus increment per move (Fischer clock), in milliseconds.
struct TimeControl {
    int64_t base_ms = 0;
    int64_t increment_ms = 0;
    bool enabled() const { return base_ms > 0; }
    std::string text() const;  // "10+0.1" (seconds), as in the PGN TimeControl tag
    bool operator==(const TimeControl&) const = default;
};
// "10+0.1", "60" (no increment), "0.5+0.05"; seconds.
std::optional<TimeControl> parse_time_control(std::string_view text, std::string* error);

struct SearchLimits {
    TimeControl tc;
    int64_t movetime_ms = 0;
    int64_t nodes = 0;
    int depth = 0;
    bool any() const { return tc.enabled() || movetime_ms > 0 || nodes > 0 || depth > 0; }
    // Whether the engine is bound by wall time (clock or movetime); otherwise
    // a hang is detected by the untimed search timeout.
    bool timed() const { return tc.enabled() || movetime_ms > 0; }
    std::string pgn_text() const;  // PGN TimeControl value: "10+0.1", "1/0.5" or "-"
    // The UCI "go" arguments that bound one search, after any clock:
    // " movetime T nodes N depth D", each only when set ("" when none is).
    std::string go_bounds() const;
    bool operator==(const SearchLimits&) const = default;
};

struct PlayerConfig {
    std::string name;
    bool internal = true;  // the running Pantheon binary with the `uci` subcommand
    std::string command;   // external engines only
    std::vector<std::string> args;
    std::string working_dir;
    std::vector<std::pair<std::string, std::string>> options;  // setoption, in order
    SearchLimits limits;

    void set_option(const std::string& name, const std::string& value);
    // The spec again (for the state file fingerprint and messages).
    std::string spec() const;
};

// The player key eval= for our engine: "hce" plays the hand-crafted
// evaluation (Use NNUE off), "builtin" or nothing the built-in net, anything
// else is a net file (EvalFile, Use NNUE on). A file named like a keyword is
// reached through a path ("./hce").
inline constexpr std::string_view EVAL_HAND_CRAFTED = "hce";
inline constexpr std::string_view EVAL_BUILTIN = "builtin";
void apply_eval_choice(const std::string& value, PlayerConfig& player);

// Applies "key=value ..." tokens to a player; later tokens override earlier
// ones, so a shared --each spec can be applied first. Values may be quoted.
bool apply_player_spec(std::string_view spec, PlayerConfig& player, std::string* error);
// A word as a spec writes it: in double quotes if it is empty or holds blanks
// or quotes.
std::string quote_spec_word(const std::string& word);

// The program path of the running binary (what internal players run).
std::string self_executable();

}  // namespace pantheon::match
