#include "match/tournament.h"

#include <unistd.h>

#include <array>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include "util/interrupt_watcher.h"
#include "match/pgn.h"
#include "match/results_block.h"
#include "match/uci_engine.h"
#include "util/build_info.h"

namespace pantheon::match {

namespace {

// A player whose engine fails to start this many times in a row stops the run:
// its games would only be forfeits.
constexpr int MAX_START_FAILURES = 3;

std::vector<Pairing> pairings_or_empty(const MatchConfig& c) {
    auto p = make_pairings(c.format, int(c.players.size()), nullptr);
    return p ? *p : std::vector<Pairing>{};
}

std::string today_utc() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    return buf;
}

// A player's limits as the results block names them: "10+0.1", "1/0.5",
// "nodes=5000", "depth=6".
std::string limits_label(const SearchLimits& l) {
    std::string text = l.pgn_text();
    if (text != "-") return text;
    text.clear();
    if (l.nodes > 0) text = "nodes=" + std::to_string(l.nodes);
    if (l.depth > 0) text += (text.empty() ? "" : " ") + ("depth=" + std::to_string(l.depth));
    return text.empty() ? "-" : text;
}

}  // namespace

Tournament::Tournament(MatchConfig config)
    : config_(std::move(config)), schedule_(pairings_or_empty(config_), config_.rounds) {}

bool Tournament::prepare_outputs(std::ostream& err, std::string* error) {
    namespace fs = std::filesystem;
    const std::string state_path = config_.resolved_state_path();
    const bool have_state = fs::exists(state_path);
    const bool have_pgn = fs::exists(config_.pgn_path);
    std::error_code ec;
    if (config_.resume && have_state) {
        auto loaded = MatchState::load(state_path, error);
        if (!loaded) return false;
        if (loaded->variant != state_.variant) {
            if (error)
                *error = "state file '" + state_path + "' is for a " + loaded->variant +
                         " tournament, not " + state_.variant + " (--variant changed)";
            return false;
        }
        const bool more_rounds = loaded->rounds < state_.rounds &&
                                 loaded->fingerprint == config_.fingerprint_for_rounds(loaded->rounds);
        if (loaded->fingerprint != state_.fingerprint && !more_rounds) {
            if (error)
                *error = "state file '" + state_path +
                         "' belongs to a different tournament (players, format, openings or "
                         "adjudication changed, or fewer rounds than its " +
                         std::to_string(loaded->rounds) + ")";
            return false;
        }
        if (!(loaded->shard == state_.shard)) {
            if (error)
                *error = "state file '" + state_path + "' is for shard " + loaded->shard.text();
            return false;
        }
        const auto size = have_pgn ? int64_t(fs::file_size(config_.pgn_path, ec)) : 0;
        if (size < loaded->pgn_bytes) {
            if (error)
                *error = "PGN '" + config_.pgn_path + "' is shorter than the state file records";
            return false;
        }
        // Drop a game that was written to the PGN but not yet recorded.
        if (have_pgn) fs::resize_file(config_.pgn_path, uintmax_t(loaded->pgn_bytes), ec);
        if (ec) {
            if (error) *error = "cannot trim PGN '" + config_.pgn_path + "': " + ec.message();
            return false;
        }
        state_.games = loaded->games;
        state_.pgn_bytes = loaded->pgn_bytes;
        state_.sprt_crossing = loaded->sprt_crossing;
        // Another binary may go on with a tournament (a rebuilt engine runner
        // does not change the games already played), but the file says so.
        state_.earlier_builds = loaded->earlier_builds;
        if (!loaded->build.empty() && loaded->build != state_.build) {
            err << "note: '" << state_path << "' was written by another build ("
                << loaded->build.dump() << "); this build is recorded beside it\n";
            state_.earlier_builds.push_back(loaded->build);
        }
    } else if ((have_state || have_pgn) && !config_.force) {
        if (error)
            *error = "'" + (have_state ? state_path : config_.pgn_path) +
                     "' exists: use --resume to continue that tournament or --force to overwrite";
        return false;
    } else {
        fs::remove(state_path, ec);
    }
    const bool fresh = !(config_.resume && have_state);
    return pgn_.open(config_.pgn_path, fresh, error) && state_.save(state_path, error);
}

bool Tournament::lock_outputs(std::string* error) {
    const std::string state_path = config_.resolved_state_path();
    return state_lock_.acquire(util::lock_path_for(state_path),
                               "the match state '" + state_path + "'", error) &&
           pgn_lock_.acquire(util::lock_path_for(config_.pgn_path),
                             "the PGN '" + config_.pgn_path + "'", error);
}

std::unique_ptr<UciEngine> Tournament::make_engine(const PlayerConfig& player) const {
    auto engine =
        std::make_unique<UciEngine>(player, self_path_, config_.engine_log, config_.variant);
    if (traffic_log_) engine->set_traffic_log(traffic_log_);
    return engine;
}

bool Tournament::check_engines(std::ostream& err, std::string* error) {
    std::vector<PlayerConfig> to_check = config_.players;
    if (config_.openings.random_plies > 0) to_check.push_back(config_.openings.checker);
    const std::chrono::milliseconds timeout(config_.game.startup_timeout_ms);
    for (const auto& p : to_check) {
        const auto engine_ptr = make_engine(p);
        UciEngine& engine = *engine_ptr;
        std::string why;
        if (!engine.start(timeout, &abort_, &why)) {
            if (error) *error = "player '" + p.name + "' cannot start: " + why;
            return false;
        }
        for (const auto& o : engine.unknown_options())
            err << "warning: engine of '" << p.name << "' does not declare option '" << o << "'\n";
    }
    return true;
}

bool Tournament::prepare(std::ostream& err, std::string* error) {
    if (!config_.validate(error)) return false;
    rules_ = variant_rules(config_.variant);  // known: validate() checked it
    self_path_ = config_.self_path.empty() ? self_executable() : config_.self_path;
    if (!config_.engine_log.empty() &&
        !(traffic_log_ = UciTrafficLog::open(config_.engine_log, error)))
        return false;
    if (!config_.openings.file.empty()) {
        if (!book_.load(config_.openings, *rules_, error)) return false;
        book_.arrange(config_.openings.shuffle, config_.openings.seed);
    }
    state_.fingerprint = config_.fingerprint();
    state_.variant = config_.variant;
    state_.format = std::string(format_name(config_.format));
    for (const auto& p : config_.players) state_.players.push_back(p.name);
    state_.pairings = schedule_.pairings();
    state_.rounds = config_.rounds;
    state_.games_per_round = config_.games_per_round;
    state_.shard = config_.shard;
    state_.build = util::build_identity_json();
    if (!lock_outputs(error) || !check_engines(err, error) || !prepare_outputs(err, error))
        return false;

    // What is left: every pair of this shard with its unplayed slots.
    std::vector<std::array<bool, 2>> done(size_t(schedule_.total_pairs()), {false, false});
    for (const auto& g : state_.games) done[size_t(g.pair)][size_t(g.slot)] = true;
    for (int64_t pair : schedule_.pairs_of(config_.shard)) {
        WorkItem item{pair, {}};
        for (int slot : slots_of(pair))
            if (!done[size_t(pair)][size_t(slot)]) item.slots.push_back(slot);
        if (!item.slots.empty()) items_.push_back(item);
    }
    start_failures_.assign(config_.players.size(), 0);
    const std::string book = !config_.openings.file.empty()
                                 ? std::filesystem::path(config_.openings.file).filename().string()
                             : config_.openings.random_plies > 0
                                 ? std::to_string(config_.openings.random_plies) + " random plies"
                                 : "start setups";
    for (const Pairing& p : schedule_.pairings()) {
        const std::string first = limits_label(config_.players[size_t(p.first)].limits);
        const std::string second = limits_label(config_.players[size_t(p.second)].limits);
        result_labels_.push_back((first == second ? first : first + " vs " + second) + ", " + book);
    }
    update_stats();
    return true;
}

std::vector<int> Tournament::slots_of(int64_t pair) const {
    if (config_.games_per_round == 2) return {0, 1};
    // One game a round: colours alternate from round to round.
    return {int(schedule_.round_of(pair) % 2)};
}

std::string Tournament::opening_for(int64_t pair, UciEngine* checker, std::string* error) {
    const int64_t round = schedule_.round_of(pair);
    if (book_.size() > 0) return book_.for_round(round, config_.openings.start);
    const int setup = start_setup_for_round(config_.openings.start + round, config_.openings,
                                            rules_->setup_count());
    const std::string setup_fen = rules_->setup_fen(setup);
    if (config_.openings.random_plies > 0 && checker) {
        // A generated opening depends only on (seed, start + round).
        for (int attempt = 0; attempt < 2; ++attempt) {
            std::string why;
            if (!checker->running() &&
                !checker->start(std::chrono::milliseconds(config_.game.startup_timeout_ms), &abort_,
                                &why)) {
                if (error) *error = "opening check engine cannot start: " + why;
                continue;
            }
            const auto fen = generate_opening(round + config_.openings.start, config_.openings,
                                              *rules_, setup_fen, *checker,
                                              config_.game.untimed_timeout_ms, &abort_, &why);
            if (fen) return *fen;
            if (error) *error = why;
            if (abort_.load()) break;
        }
        return "";
    }
    return setup_fen;
}

void Tournament::worker() {
    std::vector<std::unique_ptr<UciEngine>> engines(config_.players.size());
    std::unique_ptr<UciEngine> checker;
    if (config_.openings.random_plies > 0) checker = make_engine(config_.openings.checker);
    for (;;) {
        if (abort_.load() || stop_.load()) return;
        const size_t index = next_item_.fetch_add(1);
        if (index >= items_.size()) return;
        const WorkItem& item = items_[index];
        const Pairing& pairing = schedule_.pairing_of(item.pair);
        // Keep processes only for this pair's players.
        for (size_t i = 0; i < engines.size(); ++i) {
            const bool needed = int(i) == pairing.first || int(i) == pairing.second;
            if (!needed && engines[i]) engines[i].reset();
            if (needed && !engines[i]) engines[i] = make_engine(config_.players[i]);
        }
        std::string error;
        const std::string fen = opening_for(item.pair, checker.get(), &error);
        if (fen.empty()) {
            if (!abort_.load())
                fail("no opening for pair " + std::to_string(item.pair) + ": " + error);
            return;
        }
        for (int slot : item.slots) {
            const int white = schedule_.white_of(item.pair, slot);
            const int black = schedule_.black_of(item.pair, slot);
            GameRecord game = rules_->play_game(*engines[size_t(white)], *engines[size_t(black)],
                                                fen, config_.game, &abort_);
            if (game.outcome == Outcome::Unfinished) {
                if (!abort_.load()) fail("game could not be played: " + game.reason);
                return;
            }
            game.pair = item.pair;
            game.slot = slot;
            game.white = white;
            game.black = black;
            record(std::move(game), err_);
            if (abort_.load()) return;
        }
    }
}

void Tournament::fail(const std::string& message) {
    std::lock_guard lock(mutex_);
    if (fatal_.empty()) fatal_ = message;
    abort_.store(true);
}

void Tournament::record(GameRecord game, std::ostream* err) {
    std::lock_guard lock(mutex_);
    game.date = today_utc();
    PgnContext ctx;
    ctx.event = config_.event;
    ctx.site = config_.site;
    ctx.round = schedule_.round_tag(game.pair, game.slot);
    ctx.variant = std::string(rules_->name());
    ctx.standard_start_fen = rules_->setup_fen(0);
    ctx.white_time_control = config_.players[size_t(game.white)].limits.pgn_text();
    ctx.black_time_control = config_.players[size_t(game.black)].limits.pgn_text();
    ctx.generator = util::build_identity_line();
    std::string why;
    if (!pgn_.append(format_pgn(game, ctx), &why)) {
        if (fatal_.empty()) fatal_ = why;
        abort_.store(true);
        return;
    }
    const int64_t recorded_bytes = state_.pgn_bytes;
    state_.pgn_bytes = int64_t(pgn_.size());
    state_.games.push_back({game.pair, game.slot, game.white, game.black, game.outcome, game.end,
                            int(game.moves.size())});
    if (!state_.save(config_.resolved_state_path(), &why)) {
        // The PGN goes back to what the state records (as a resume would).
        state_.games.pop_back();
        state_.pgn_bytes = recorded_bytes;
        pgn_.cut_back(uint64_t(recorded_bytes), nullptr);
        if (fatal_.empty()) fatal_ = why;
        abort_.store(true);
        return;
    }
    // A player whose engine keeps failing to start makes the rest meaningless.
    const bool start_failure = game.engine_failed_to_start;
    const int loser = game.outcome == Outcome::WhiteWins ? game.black : game.white;
    for (int p : {game.white, game.black}) {
        if (start_failure && p == loser) {
            if (++start_failures_[size_t(p)] >= MAX_START_FAILURES && fatal_.empty()) {
                fatal_ = "the engine of '" + config_.players[size_t(p)].name +
                         "' failed to start " + std::to_string(MAX_START_FAILURES) +
                         " times in a row";
                abort_.store(true);
            }
        } else {
            start_failures_[size_t(p)] = 0;
        }
    }
    update_stats();
    if (stats_.sprt && stats_.sprt->decision != SprtDecision::Continue) stop_.store(true);
    if (err) print_progress(false);
    if (out_ && config_.rating_interval > 0 &&
        state_.games.size() % size_t(config_.rating_interval) == 0)
        print_results_block(*out_);
}

void Tournament::update_stats() {
    stats_ = compute_stats(state_, config_.sprt);
    // The first crossing decides the test (match_state.h, SprtCrossing).
    if (stats_.sprt && !stats_.sprt_crossing && stats_.sprt->decision != SprtDecision::Continue) {
        state_.sprt_crossing = SprtCrossing{*config_.sprt, stats_.sprt->decision,
                                            int64_t(state_.games.size()), stats_.sprt->llr};
        stats_.sprt_crossing = state_.sprt_crossing;
    }
}

void Tournament::print_results_block(std::ostream& out) {
    out << results_block(state_, stats_, config_.sprt, result_labels_) << std::flush;
    games_in_last_block_ = state_.games.size();
}

void Tournament::print_progress(bool final) {
    if (!config_.progress || !progress_ || (!final && !progress_->due())) return;
    const int64_t planned =
        int64_t(schedule_.pairs_of(config_.shard).size()) * config_.games_per_round;
    progress_->draw(progress_text(state_, stats_, planned), final);
}

int Tournament::run(std::ostream& out, std::ostream& err) {
    // The outputs are free again once the run is over (locked in prepare()).
    struct Unlock {
        Tournament& t;
        ~Unlock() {
            t.state_lock_.release();
            t.pgn_lock_.release();
        }
    } unlock{*this};
    err_ = &err;
    out_ = &out;
    progress_.emplace(&err, util::is_terminal(err));
    std::unique_ptr<util::InterruptWatcher> watcher;
    if (config_.handle_signals) watcher = std::make_unique<util::InterruptWatcher>(abort_);
    std::string error;
    if (!prepare(err, &error)) {
        err << "error: " << error << "\n";
        return EXIT_BAD_INPUT;
    }
    if (stats_.sprt && stats_.sprt->decision != SprtDecision::Continue) stop_.store(true);

    const int threads =
        int(std::min<size_t>(size_t(config_.concurrency), std::max<size_t>(items_.size(), 1)));
    std::vector<std::thread> workers;
    for (int i = 0; i < threads; ++i) workers.emplace_back([this] { worker(); });
    for (auto& t : workers) t.join();

    std::lock_guard lock(mutex_);
    const bool interrupted = abort_.load() && fatal_.empty();
    if (!fatal_.empty())
        state_.stop_reason = "failed: " + fatal_;
    else if (interrupted)
        state_.stop_reason = "interrupted";
    else if (stats_.sprt && stats_.sprt->decision == SprtDecision::AcceptH1)
        state_.stop_reason = "sprt: H1 accepted";
    else if (stats_.sprt && stats_.sprt->decision == SprtDecision::AcceptH0)
        state_.stop_reason = "sprt: H0 accepted";
    else
        state_.stop_reason = "completed";
    print_progress(true);
    std::string why;
    bool saved = state_.save(config_.resolved_state_path(), &why);
    if (saved && !config_.summary_path.empty())
        saved = write_file_atomically(
            config_.summary_path,
            util::json_text(stats_json(state_, stats_, config_.sprt), 2) + "\n", &why);
    if (!saved) err << "error: " << why << "\n";
    // The final block, unless the last periodic one already shows every game.
    if (games_in_last_block_ != state_.games.size()) print_results_block(out);
    out << stats_text(state_, stats_);
    if (!fatal_.empty()) {
        err << "error: " << fatal_ << "\n";
        return EXIT_FAILED;
    }
    if (interrupted) {
        err << "interrupted: " << state_.games.size()
            << " finished games saved; continue with --resume\n";
        return EXIT_INTERRUPTED;
    }
    return saved ? EXIT_DONE : EXIT_FAILED;
}

}  // namespace pantheon::match
