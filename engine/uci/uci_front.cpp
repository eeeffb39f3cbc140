// The UCI front: one session at a time, of the game UCI_Variant names. Built
// once (against Mansindam's copy of the parser, which is variant-free in
// effect) and linked to every game's sessions (game_sessions.cpp).
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/core/variant.h"
#include "engine/uci/any_session.h"
#include "engine/uci/uci_parse.h"

namespace pantheon::uci {

namespace {

constexpr std::string_view VARIANT_OPTION = "UCI_Variant";

std::optional<std::string_view> known_variant(std::string_view name) {
    for (std::string_view v : VARIANT_NAMES)
        if (equals_ignore_case(v, name)) return v;
    return std::nullopt;
}

}  // namespace

int run(std::istream& in, std::ostream& out, std::string_view first_variant) {
    const auto first = known_variant(first_variant);
    if (!first) {
        out << "info string unknown game '" << first_variant << "' (the games: " << game_names()
            << ")\n"
            << std::flush;
        return 2;
    }
    std::string_view variant = *first;
    std::unique_ptr<AnySession> session = make_game_session(variant, out, *first);
    for (std::string line; std::getline(in, line);) {
        if (command_word(line) == "setoption") {
            if (const std::optional<SetOption> opt =
                    parse_setoption(arguments(line, "setoption"), nullptr)) {
                const auto next = known_variant(opt->value);
                if (equals_ignore_case(opt->name, VARIANT_OPTION) && next && *next != variant) {
                    // Options take effect between searches; so does the game.
                    session->wait_for_search();
                    const std::vector<std::string> carried = session->carried_settings();
                    session.reset();
                    session = make_game_session(*next, out, *first);
                    variant = *next;
                    for (const std::string& setting : carried) session->handle(setting);
                    continue;
                }
            }
        }
        if (!session->handle(line)) return 0;
    }
    // End of input: let a finite search (and what queued after it) finish,
    // stop one that waits for a command.
    session->finish();
    return 0;
}

}  // namespace pantheon::uci
