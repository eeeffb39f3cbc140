// Command dispatch of a UCI session, the queue of commands that wait for a
// running search, and the search thread's lifecycle.
#include <chrono>
#include <iostream>

#include "engine/core/notation.h"
#include "engine/core/perft.h"
#include "engine/core/rules.h"
#include "engine/uci/uci.h"
#include "engine/uci/uci_format.h"
#include "engine/uci/uci_options.h"
#include "engine/uci/uci_parse.h"

namespace pantheon::uci {
PANTHEON_VARIANT_BEGIN

namespace {

// Commands whose effect depends on the order of the commands before them:
// they wait while a search runs.
bool is_ordered(std::string_view cmd) {
    return cmd == "go" || cmd == "position" || cmd == "setoption" || cmd == "ucinewgame" ||
           cmd == "d";
}

}  // namespace

void Output::line(std::string_view text) {
    std::lock_guard lock(mutex_);
    out_ << text << '\n' << std::flush;
}

Session::Session(std::ostream& out, std::string_view default_variant)
    : out_(out), default_variant_(default_variant) {
    std::string error;
    if (!apply_default_evaluation(engine_, options_, &error))
        info_string(error + "; using the hand-crafted evaluation");
}

Session::~Session() {
    {
        std::lock_guard lock(mutex_);
        queue_.clear();
    }
    cmd_stop();
    join_search();
}

bool Session::searching() const {
    std::lock_guard lock(mutex_);
    return busy_;
}

void Session::join_search() {
    if (search_thread_.joinable()) search_thread_.join();
}

void Session::wait_for_search() {
    for (;;) {
        {
            std::lock_guard lock(mutex_);
            if (!busy_) break;
            if (waits_for_command_ && !stop_sent_ && queue_.empty()) return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    join_search();
}

void Session::finish() {
    for (;;) {
        {
            std::lock_guard lock(mutex_);
            if (!busy_) break;
            // Only the running search, and only if it would wait for ever:
            // finite searches still queued run to their end.
            if (waits_for_command_ && !stop_sent_) {
                stop_sent_ = true;
                engine_.stop();
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    join_search();
}

bool Session::handle(std::string_view line) {
    const std::string_view cmd = command_word(line);
    if (cmd.empty()) return true;

    if (cmd == "quit") {
        {
            std::lock_guard lock(mutex_);
            queue_.clear();
        }
        cmd_stop();
        join_search();
        return false;
    }
    if (cmd == "stop") return cmd_stop(), true;
    if (cmd == "isready") return out_.line("readyok"), true;
    if (cmd == "ponderhit") return cmd_ponderhit(), true;
    if (cmd == "uci") return cmd_uci(), true;
    if (cmd == "debug" || cmd == "register") return true;  // accepted, nothing to do
    if (!is_ordered(cmd)) {
        info_string("unknown command '" + std::string(cmd) + "'");
        return true;
    }
    {
        std::lock_guard lock(mutex_);
        if (busy_) {
            queue_.push_back({std::string(line)});
            return true;
        }
    }
    execute(line);
    return true;
}

void Session::execute(std::string_view line) {
    const std::string_view cmd = command_word(line);
    const std::string_view args = arguments(line, cmd);
    if (cmd == "go")
        cmd_go(args);
    else if (cmd == "position")
        cmd_position(args);
    else if (cmd == "setoption")
        cmd_setoption(args);
    else if (cmd == "ucinewgame")
        cmd_newgame();
    else if (cmd == "d")
        info_string("fen " + position_.fen());
}

void Session::cmd_uci() {
    out_.line("id name Pantheon " PANTHEON_VERSION);
    out_.line("id author the Pantheon developers");
    for (const std::string& l : option_lines(default_variant_)) out_.line(l);
    out_.line("uciok");
}

std::vector<std::string> Session::carried_settings() const {
    std::vector<std::string> lines;
    for (const SetOption& o : carried_options(engine_, options_))
        lines.push_back("setoption name " + o.name + " value " + o.value);
    return lines;
}

void Session::cmd_setoption(std::string_view args) {
    std::string error;
    const auto opt = parse_setoption(args, &error);
    if (!opt) return info_string(error);
    if (!apply_option(*opt, engine_, options_, &error)) return info_string(error);
}

void Session::cmd_position(std::string_view args) {
    std::string error;
    auto pos = parse_position(args, &error);
    if (!pos) return info_string(error + "; keeping the previous position");
    position_ = std::move(*pos);
}

void Session::cmd_newgame() {
    engine_.new_game();
    position_ = Position::start();
}

void Session::cmd_stop() {
    std::lock_guard lock(mutex_);
    // A "go" still queued came before this stop: it starts stopped.
    for (Queued& q : queue_)
        if (command_word(q.line) == "go") q.stopped = true;
    if (!busy_) return;
    stop_sent_ = true;
    engine_.stop();
    perft_stop_.store(true);
}

void Session::cmd_ponderhit() {
    std::lock_guard lock(mutex_);
    // A "go ponder" still queued came before this ponderhit.
    for (Queued& q : queue_)
        if (command_word(q.line) == "go") q.ponderhit = true;
    engine_.ponderhit();
}

void Session::arm(const GoCommand& go, const Queued& flags) {
    stop_sent_ = flags.stopped;
    waits_for_command_ = go.limits.infinite || go.limits.ponder;
    engine_.clear_stop();
    perft_stop_.store(flags.stopped);
    if (flags.stopped) engine_.stop();
    if (flags.ponderhit) engine_.ponderhit();
}

// Called with no search thread running (from the input thread, when idle).
void Session::cmd_go(std::string_view args) {
    join_search();  // reap the previous, finished search thread
    GoCommand go = parse_go(args, position_);
    {
        std::lock_guard lock(mutex_);
        busy_ = true;
        arm(go, Queued{});
    }
    search_thread_ = std::thread(&Session::search_loop, this, std::move(go));
}

void Session::search_loop(GoCommand go) {
    run_go(go);
    for (;;) {
        Queued next;
        std::optional<GoCommand> next_go;
        {
            std::lock_guard lock(mutex_);
            if (queue_.empty()) {
                busy_ = false;
                return;
            }
            next = std::move(queue_.front());
            queue_.pop_front();
            const std::string_view cmd = command_word(next.line);
            if (cmd == "go") {
                next_go = parse_go(arguments(next.line, cmd), position_);
                arm(*next_go, next);
            }
        }
        if (next_go)
            run_go(*next_go);
        else
            execute(next.line);
    }
}

void Session::run_go(GoCommand& go) {
    for (const std::string& w : go.warnings) info_string(w);
    const Position pos = position_;
    if (go.perft_depth) {
        Position p = pos;
        auto report = divide_report(p, *go.perft_depth, &perft_stop_);
        if (!report) return info_string("perft stopped");
        if (!report->empty() && report->back() == '\n') report->pop_back();
        out_.line(*report);
        return;
    }

    MoveList legal;
    generate_game_moves(pos, legal);
    if (go.searchmoves_given) {
        bool any = false;
        for (Move m : go.limits.searchmoves) any = any || legal.contains(m);
        if (!any) info_string("go searchmoves: no legal move given; searching all moves");
    }
    go.limits.multipv = options_.multipv;
    const search::Result r = engine_.search(
        pos, go.limits, [this](const search::Info& info) { out_.line(format_info(info)); });
    Move best = r.best;
    // Last line of defence: never send a move the rules forbid.
    if (best && !legal.contains(best)) {
        info_string("internal error: search returned an illegal move; playing a legal one");
        best = legal[0];
    }
    // No move: the game is over (lost, or drawn by Pandemonium's stalemate).
    if (!best) out_.line("info depth 0 score " + format_score(r.score));
    out_.line(format_bestmove(best, best == r.best ? r.ponder : Move::none()));
}

// This game's factory: pantheon::uci::<game>::make_session, which
// make_game_session (any_session.h) finds by the game's name.
std::unique_ptr<AnySession> make_session(std::ostream& out, std::string_view default_variant) {
    return std::make_unique<Session>(out, default_variant);
}

PANTHEON_VARIANT_END

}  // namespace pantheon::uci
