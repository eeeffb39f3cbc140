// The UCI front: one session at a time, of the game UCI_Variant names. Built
// once (against Mansindam's copy of the parser, which is variant-free in
// effect) and linked to both variants' sessions.
#include <string>
#include <vector>

#include "engine/core/variant.h"
#include "engine/uci/any_session.h"
#include "engine/uci/uci_parse.h"

namespace pantheon::uci {

namespace {

constexpr std::string_view VARIANT_OPTION = "UCI_Variant";

std::unique_ptr<AnySession> make_session(std::string_view variant, std::ostream& out) {
    return variant == "pandemonium" ? make_pandemonium_session(out) : make_mansindam_session(out);
}

std::optional<std::string_view> known_variant(std::string_view name) {
    for (std::string_view v : VARIANT_NAMES)
        if (equals_ignore_case(v, name)) return v;
    return std::nullopt;
}

}  // namespace

int run(std::istream& in, std::ostream& out) {
    std::string_view variant = VARIANT_NAMES[0];
    std::unique_ptr<AnySession> session = make_session(variant, out);
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
                    session = make_session(*next, out);
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
