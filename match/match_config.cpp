#include "match/match_config.h"

#include <cstdio>
#include <set>

#include "util/text_hash.h"

namespace pantheon::match {

std::string MatchConfig::resolved_state_path() const {
    return state_path.empty() ? pgn_path + ".state.json" : state_path;
}

bool MatchConfig::validate(std::string* error) const {
    const auto fail = [&](const std::string& msg) {
        if (error) *error = msg;
        return false;
    };
    const VariantRules* rules = variant_rules(variant);
    if (!rules) return fail("unknown variant '" + variant + "' (" + game_names() + ")");
    std::string err;
    if (!make_pairings(format, int(players.size()), &err)) return fail(err);
    std::set<std::string> names;
    for (const auto& p : players) {
        if (p.name.empty()) return fail("every player needs a name (name=...)");
        if (!names.insert(p.name).second) return fail("two players are named '" + p.name + "'");
        if (!p.internal && p.command.empty()) return fail("player '" + p.name + "' has no command");
        if (!p.limits.any())
            return fail("player '" + p.name +
                        "' has no search limit (tc, st/movetime, nodes or depth)");
    }
    if (rounds < 1) return fail("rounds must be at least 1");
    if (games_per_round != 1 && games_per_round != 2)
        return fail("games per round are 1 or 2 (a game pair)");
    if (concurrency < 1) return fail("concurrency must be at least 1");
    if (rating_interval < 0) return fail("the rating interval cannot be negative");
    if (sprt) {
        if (format != Format::HeadToHead) return fail("SPRT needs a head-to-head match");
        if (games_per_round != 2)
            return fail("SPRT needs game pairs (--games-per-round 2): it counts pairs");
        if (!(sprt->elo0 < sprt->elo1)) return fail("SPRT needs elo0 < elo1");
        if (!(sprt->alpha > 0 && sprt->alpha < 1 && sprt->beta > 0 && sprt->beta < 1))
            return fail("SPRT alpha and beta must lie strictly between 0 and 1");
    }
    if (!openings.file.empty() && openings.random_plies > 0)
        return fail("choose either an opening file or generated openings, not both");
    if (openings.setup >= 0 && !openings.file.empty())
        return fail("choose either an opening file or a start setup, not both");
    if (openings.setup < -1 || openings.setup >= rules->setup_count())
        return fail("the start setup of " + variant + " is a number from 0 to " +
                    std::to_string(rules->setup_count() - 1));
    if (openings.random_plies > 0 && !openings.checker.limits.any() && openings.check_depth < 1)
        return fail("generated openings need a check depth of at least 1");
    if (openings.start < 0) return fail("the opening start offset cannot be negative");
    if (openings.book_plies < 0) return fail("the PGN book's plies cannot be negative");
    if (!openings.file.empty() && !book_format(openings, &err)) return fail(err);
    if (openings.book_plies > 0 &&
        (openings.file.empty() || *book_format(openings, nullptr) != BookFormat::Pgn))
        return fail("--openings-book-plies is for a PGN opening book");
    if (shard.count < 1 || shard.index < 0 || shard.index >= shard.count) return fail("bad shard");
    if (game.time_margin_ms < 0 || game.untimed_timeout_ms < 1 || game.startup_timeout_ms < 1)
        return fail("timeouts must be positive");
    if (game.adjudication.draw_moves < 0 || game.adjudication.draw_move_number < 0 ||
        game.adjudication.draw_cp < 0)
        return fail("draw adjudication takes a move number, a move count and a score >= 0");
    if (game.adjudication.draw_moves > 0 && !rules->has_draws())
        return fail("draw adjudication (--draw-movecount) is for games with draws; " + variant +
                    " has none");
    if (pgn_path.empty()) return fail("a PGN path is needed");
    return true;
}

std::string MatchConfig::fingerprint() const { return fingerprint_for_rounds(rounds); }

std::string MatchConfig::fingerprint_for_rounds(int64_t planned_rounds) const {
    std::string canon = "format=" + std::string(format_name(format)) +
                        ";rounds=" + std::to_string(planned_rounds) + ";";
    for (const auto& p : players) canon += "player{" + p.spec() + "};";
    canon += "openings{file=" + openings.file + ";shuffle=" + std::to_string(openings.shuffle) +
             ";seed=" + std::to_string(openings.seed) + ";start=" + std::to_string(openings.start) +
             ";plies=" + std::to_string(openings.random_plies);
    if (openings.random_plies > 0)
        canon += ";depth=" + std::to_string(openings.check_depth) +
                 ";threshold=" + std::to_string(openings.check_threshold_cp) +
                 ";checker=" + openings.checker.spec();
    if (openings.setup >= 0) canon += ";setup=" + std::to_string(openings.setup);
    // An EPD book keeps the fingerprint it had before PGN books existed.
    if (!openings.file.empty() && book_format(openings, nullptr) == BookFormat::Pgn)
        canon += ";pgn_plies=" + std::to_string(openings.book_plies);
    canon += "};adjudication{resign=" + std::to_string(game.adjudication.resign_moves) + "/" +
             std::to_string(game.adjudication.resign_cp) +
             ";max_plies=" + std::to_string(game.adjudication.max_plies);
    // Configurations without draw adjudication keep their earlier fingerprint.
    if (game.adjudication.draw_moves > 0)
        canon += ";draw=" + std::to_string(game.adjudication.draw_move_number) + "/" +
                 std::to_string(game.adjudication.draw_moves) + "/" +
                 std::to_string(game.adjudication.draw_cp);
    canon += "}";
    if (games_per_round != 2) canon += ";games_per_round=" + std::to_string(games_per_round);
    // Mansindam's fingerprint is what it was before there was a choice, so
    // that older state files resume.
    if (variant != DEFAULT_VARIANT) canon += ";variant=" + variant;
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)util::text_hash(canon));
    return buf;
}

}  // namespace pantheon::match
