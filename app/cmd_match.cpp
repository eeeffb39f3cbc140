// `pantheon match`: tournaments between UCI engines (internal players are
// `pantheon uci` children of this binary) and `pantheon match merge` for
// combining shard results. Every option can also come from a TOML file
// (`pantheon match --config FILE`, or `pantheon --config FILE match` with a
// [match] section); the command line wins over the file.
#include <iostream>

#include "app/commands.h"
#include "app/variant_option.h"
#include "match/merge.h"
#include "match/tournament.h"

namespace pantheon::app {

namespace {

using match::MatchConfig;

struct MatchOptions {
    std::vector<std::string> engines;
    std::string each;
    std::string format = "h2h";
    std::string openings_order = "sequential";
    std::string openings_engine = "name=opening-check cmd=internal eval=hce";
    std::vector<double> sprt;
    std::string shard;
    std::string config_file;
    bool progress = true;
    MatchConfig config;
};

struct MergeOptions {
    std::vector<std::string> states;
    std::string summary;
    std::vector<double> sprt;
};

bool sprt_from(const std::vector<double>& v, std::optional<match::SprtSettings>& out,
               std::string* error) {
    if (v.empty()) return true;
    if (v.size() != 2 && v.size() != 4) {
        *error = "--sprt takes elo0 elo1 [alpha beta]";
        return false;
    }
    match::SprtSettings s{v[0], v[1]};
    if (v.size() == 4) s.alpha = v[2], s.beta = v[3];
    out = s;
    return true;
}

// Options named in the TOML file that the command line did not set.
void apply_config_file(CLI::App& cmd, const std::string& path) {
    const std::vector<CLI::ConfigItem> items = CLI::ConfigTOML().from_file(path);
    for (const auto& item : items) {
        if (!item.parents.empty() && !(item.parents.size() == 1 && item.parents[0] == "match"))
            continue;  // sections of other subcommands
        if (item.name == "config" || item.name == "++" || item.name == "--") continue;
        CLI::Option* opt = cmd.get_option_no_throw("--" + item.name);
        if (!opt) throw CLI::ConfigError::Extras(path + ": unknown option '" + item.name + "'");
        if (opt->count() > 0) continue;  // the command line wins
        for (const auto& v : item.inputs) opt->add_result(v);
        opt->run_callback();
    }
}

int run_match(CLI::App& cmd, MatchOptions& o) {
    std::string error;
    try {
        if (!o.config_file.empty()) apply_config_file(cmd, o.config_file);
    } catch (const CLI::Error& e) {
        std::cerr << "error: " << e.what() << "\n";
        return match::EXIT_BAD_INPUT;
    }
    MatchConfig& c = o.config;
    const auto fail = [&](const std::string& msg) {
        std::cerr << "error: " << msg << "\n";
        return match::EXIT_BAD_INPUT;
    };
    for (size_t i = 0; i < o.engines.size(); ++i) {
        match::PlayerConfig p;
        p.name = "player" + std::to_string(i + 1);
        if (!match::apply_player_spec(o.each, p, &error) ||
            !match::apply_player_spec(o.engines[i], p, &error))
            return fail(error);
        c.players.push_back(p);
    }
    const auto format = match::parse_format(o.format);
    if (!format) return fail("unknown format '" + o.format + "' (h2h, gauntlet, roundrobin)");
    c.format = *format;
    if (o.openings_order != "sequential" && o.openings_order != "random")
        return fail("--openings-order is sequential or random");
    c.openings.shuffle = o.openings_order == "random";
    c.openings.checker = match::PlayerConfig{};
    c.openings.checker.name = "opening-check";
    if (!match::apply_player_spec(o.openings_engine, c.openings.checker, &error))
        return fail(error);
    if (!sprt_from(o.sprt, c.sprt, &error)) return fail(error);
    if (!o.shard.empty()) {
        const auto s = match::parse_shard(o.shard, &error);
        if (!s) return fail(error);
        c.shard = *s;
    } else {
        const auto s = match::shard_from_environment(&error);
        if (!s && !error.empty()) return fail(error);
        if (s) c.shard = *s;
    }
    c.progress = o.progress;
    match::Tournament tournament(c);
    return tournament.run(std::cout, std::cerr);
}

void register_merge(CLI::App& parent, ExitCode& exit_code) {
    auto o = std::make_shared<MergeOptions>();
    CLI::App* cmd =
        parent.add_subcommand("merge", "Combine the state files of a tournament's shards");
    cmd->add_option("states", o->states, "State files (<pgn>.state.json) of the shards")
        ->required();
    cmd->add_option("--summary", o->summary, "Write the merged JSON summary here");
    cmd->add_option("--sprt", o->sprt, "SPRT bounds to evaluate (alpha, beta default 0.05)")
        ->expected(2, 4)
        ->option_text("elo0 elo1 [alpha beta]");
    cmd->callback([o, &exit_code] {
        std::optional<match::SprtSettings> sprt;
        std::string error;
        if (!sprt_from(o->sprt, sprt, &error)) {
            std::cerr << "error: " << error << "\n";
            exit_code.value = match::EXIT_BAD_INPUT;
            return;
        }
        exit_code.value = match::run_merge(o->states, o->summary, sprt, std::cout, std::cerr);
    });
}

}  // namespace

void register_match(CLI::App& app, ExitCode& exit_code) {
    auto o = std::make_shared<MatchOptions>();
    MatchConfig& c = o->config;
    CLI::App* cmd = app.add_subcommand("match", "Play a tournament between UCI engines");
    cmd->option_defaults()->always_capture_default();  // --help shows the defaults
    cmd->add_option("--config", o->config_file, "TOML file with any of these options");
    cmd->add_option("--variant", c.variant, variant_option_help());
    cmd->add_option(
        "--engine", o->engines,
        "A player: \"name=N cmd=internal|PATH arg=A dir=D option.K=V eval=hce|builtin|FILE hash=MB "
        "threads=T tc=10+0.1 st=S movetime=MS nodes=N depth=D\" (repeat per player)");
    cmd->add_option("--each", o->each, "Spec applied to every player before its own");
    cmd->add_option("--format", o->format, "h2h, gauntlet (first player vs the rest), roundrobin");
    cmd->add_option("--rounds", c.rounds, "Rounds per pairing (a game pair each, or one game)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--games-per-round", c.games_per_round,
                    "2: each opening with both colours (a game pair); 1: one game, colours "
                    "alternating by round");
    cmd->add_option("--concurrency", c.concurrency, "Games played at once")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--openings", c.openings.file,
                    "Opening book: EPD/FEN (one position a line) or PGN (each game's end)");
    cmd->add_option("--openings-format", c.openings.format,
                    "epd or pgn; default: pgn for a *.pgn file, else epd");
    cmd->add_option("--openings-book-plies", c.openings.book_plies,
                    "PGN book: only the first N plies of each game (0: all)");
    cmd->add_option("--openings-order", o->openings_order, "sequential or random (seeded shuffle)");
    cmd->add_option("--openings-seed", c.openings.seed,
                    "Seed of the shuffle and of generated openings");
    cmd->add_option("--openings-start", c.openings.start, "Offset into the opening sequence");
    cmd->add_option("--setup", c.openings.setup,
                    "Without a book: start every game from this start setup (0 to the game's "
                    "number of setups - 1); default: drawn per round by --openings-seed");
    cmd->add_option("--openings-plies", c.openings.random_plies,
                    "Without a file: generate openings of this many random plies");
    cmd->add_option("--openings-check-depth", c.openings.check_depth,
                    "Depth of the balance search on generated openings");
    cmd->add_option("--openings-threshold", c.openings.check_threshold_cp,
                    "Keep generated openings whose |score| is at most this (cp)");
    cmd->add_option("--openings-engine", o->openings_engine,
                    "Engine that checks generated openings (player spec)");
    cmd->add_option("--time-margin", c.game.time_margin_ms,
                    "Milliseconds allowed beyond the clock");
    cmd->add_option("--untimed-timeout", c.game.untimed_timeout_ms,
                    "Milliseconds a depth/nodes search may take before it counts as hung");
    cmd->add_option("--startup-timeout", c.game.startup_timeout_ms,
                    "Milliseconds for uciok/readyok");
    cmd->add_option("--resign-moves", c.game.adjudication.resign_moves,
                    "Resign adjudication after this many moves per side (0: off)");
    cmd->add_option("--resign-score", c.game.adjudication.resign_cp, "Resign threshold (cp)");
    cmd->add_option("--draw-movenumber", c.game.adjudication.draw_move_number,
                    "Draw adjudication: counts from this move number on");
    cmd->add_option("--draw-movecount", c.game.adjudication.draw_moves,
                    "Draw adjudication (games with draws): both scores within --draw-score for "
                    "this many moves each (0: off)");
    cmd->add_option("--draw-score", c.game.adjudication.draw_cp, "Draw adjudication bound (cp)");
    cmd->add_option("--max-plies", c.game.adjudication.max_plies,
                    "Adjudicate games at this length by the last scores (0: off)");
    cmd->add_option("--sprt", o->sprt, "SPRT in normalized Elo (alpha, beta default 0.05)")
        ->expected(2, 4)
        ->option_text("elo0 elo1 [alpha beta]");
    cmd->add_option("--rating-interval", c.rating_interval,
                    "Print the results block every N finished games (0: only at the end)");
    cmd->add_option("--pgn", c.pgn_path, "PGN output");
    cmd->add_option("--summary", c.summary_path, "JSON summary output");
    cmd->add_option("--state", c.state_path, "State file (default <pgn>.state.json)");
    cmd->add_option("--engine-log", c.engine_log,
                    "Append the UCI exchange and the engines' stderr here");
    cmd->add_option("--event", c.event, "PGN Event tag");
    cmd->add_option("--site", c.site, "PGN Site tag");
    cmd->add_option("--shard", o->shard,
                    "Play shard K of N (K/N, 0 <= K < N); default from SLURM_ARRAY_*");
    cmd->add_flag("--resume", c.resume, "Continue from the state file");
    cmd->add_flag("--force", c.force, "Overwrite existing PGN and state files");
    cmd->add_option("--progress", o->progress, "Live progress line on stderr (true/false)");
    register_merge(*cmd, exit_code);
    cmd->callback([cmd, o, &exit_code] {
        if (cmd->got_subcommand("merge")) return;
        exit_code.value = run_match(*cmd, *o);
    });
}

}  // namespace pantheon::app
