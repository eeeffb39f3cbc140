// fastchess's command-line spellings for `pantheon match`: single-dash
// options followed by their words (`-engine cmd=X name=Y tc=10+0.1`,
// `-openings file=book.pgn format=pgn order=random`, `-sprt elo0=0 elo1=5`,
// `-rounds 100`, `-repeat` ...). CLI11 takes no single-dash long options, so
// the words after `match` are translated into our own options before the
// command line is parsed; our `--` options may stand beside them. Each
// fastchess option is mapped to the option that does the same here (see
// docs/MATCH.md, "fastchess's spellings"); an option or key we do not have
// is refused by name rather than ignored.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace pantheon::match {

// The arguments of `pantheon match` (the words after "match") with every
// fastchess-style option replaced by ours; unchanged if there is none.
// nullopt with a message naming the option (or key) that has no counterpart.
std::optional<std::vector<std::string>> translate_fastchess_args(
    const std::vector<std::string>& args, std::string* error);

// The whole command line (without the program name): when its subcommand
// (the first word past the program's own options) is `match`, the words
// after it translated as above; anything else untouched.
std::optional<std::vector<std::string>> translate_fastchess_command_line(
    const std::vector<std::string>& args, std::string* error);

}  // namespace pantheon::match
