// Parsing of UCI command arguments into engine terms. Pure functions: no
// output, no state; errors come back as text for an "info string".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/position.h"
#include "engine/search/search.h"

namespace pantheon::uci {
PANTHEON_VARIANT_BEGIN

std::vector<std::string_view> split_words(std::string_view text);
// A command line's first word (empty for a blank line) and what follows it.
std::string_view command_word(std::string_view line);
std::string_view arguments(std::string_view line, std::string_view cmd);

// "startpos [moves ...]" or "fen <fields> [moves ...]": the resulting position
// with its game history, or nullopt and an error naming the bad part. Moves
// must be legal under the game's rules, including the repetition rule.
std::optional<Position> parse_position(std::string_view args, std::string* error);

struct GoCommand {
    search::Limits limits;
    std::optional<int> perft_depth;     // "go perft N"
    bool searchmoves_given = false;     // the "searchmoves" keyword was there
    std::vector<std::string> warnings;  // ignored parameters, one message each
};
// Unknown or malformed parameters are skipped with a warning; the rest stand.
GoCommand parse_go(std::string_view args, const Position& pos);

struct SetOption {
    std::string name;  // as given (matching is case-insensitive)
    std::string value;
};
std::optional<SetOption> parse_setoption(std::string_view args, std::string* error);

bool equals_ignore_case(std::string_view a, std::string_view b);
std::optional<int64_t> parse_integer(std::string_view text);

PANTHEON_VARIANT_END
}  // namespace pantheon::uci
