// Command dispatch of a UCI session and the search thread's lifecycle.
#include <iostream>

#include "engine/core/notation.h"
#include "engine/core/perft.h"
#include "engine/core/rules.h"
#include "engine/uci/uci.h"
#include "engine/uci/uci_format.h"
#include "engine/uci/uci_options.h"
#include "engine/uci/uci_parse.h"

namespace pantheon::uci {

void Output::line(std::string_view text) {
    std::lock_guard lock(mutex_);
    out_ << text << '\n' << std::flush;
}

Session::Session(std::ostream& out) : out_(out) {}

Session::~Session() {
    if (searching_) engine_.stop();
    join_search();
}

void Session::join_search() {
    if (search_thread_.joinable()) search_thread_.join();
}

void Session::wait_for_search() {
    if (searching_ && infinite_ && !stop_sent_) return;
    join_search();
}

bool Session::handle(std::string_view line) {
    const std::vector<std::string_view> words = split_words(line);
    if (words.empty()) return true;
    const std::string_view cmd = words[0];
    const size_t args_at = line.find(cmd) + cmd.size();
    const std::string_view args = line.substr(std::min(args_at, line.size()));

    if (cmd == "quit") {
        cmd_stop();
        join_search();
        return false;
    }
    if (cmd == "uci")
        cmd_uci();
    else if (cmd == "isready")
        out_.line("readyok");
    else if (cmd == "ucinewgame")
        cmd_newgame();
    else if (cmd == "position")
        cmd_position(args);
    else if (cmd == "go")
        cmd_go(args);
    else if (cmd == "stop")
        cmd_stop();
    else if (cmd == "setoption")
        cmd_setoption(args);
    else if (cmd == "ponderhit" || cmd == "debug" || cmd == "register") {
    }  // accepted, nothing to do
    else if (cmd == "d")
        info_string("fen " + position_.fen());
    else
        info_string("unknown command '" + std::string(cmd) + "'");
    return true;
}

void Session::cmd_uci() {
    out_.line("id name Pantheon " PANTHEON_VERSION);
    out_.line("id author the Pantheon developers");
    for (const std::string& l : option_lines()) out_.line(l);
    out_.line("uciok");
}

void Session::cmd_setoption(std::string_view args) {
    std::string error;
    const auto opt = parse_setoption(args, &error);
    if (!opt) return info_string(error);
    if (searching_) return info_string("setoption ignored while searching (send stop first)");
    if (!apply_option(*opt, engine_, options_, &error)) return info_string(error);
}

void Session::cmd_position(std::string_view args) {
    std::string error;
    auto pos = parse_position(args, &error);
    if (!pos) return info_string(error + "; keeping the previous position");
    position_ = std::move(*pos);
}

void Session::cmd_newgame() {
    cmd_stop();
    join_search();
    engine_.new_game();
    position_ = Position::start();
}

void Session::cmd_stop() {
    if (!searching_) return;
    stop_sent_ = true;
    engine_.stop();
}

void Session::cmd_go(std::string_view args) {
    if (searching_) return info_string("go ignored: a search is already running");
    join_search();  // reap the previous, finished search thread
    GoCommand go = parse_go(args, position_);
    for (const std::string& w : go.warnings) info_string(w);
    if (go.perft_depth) {
        Position pos = position_;
        std::string report = divide_report(pos, *go.perft_depth);
        if (!report.empty() && report.back() == '\n') report.pop_back();
        out_.line(report);
        return;
    }
    go.limits.multipv = options_.multipv;
    infinite_ = go.limits.infinite;
    stop_sent_ = false;
    engine_.clear_stop();
    searching_ = true;
    search_thread_ = std::thread([this, pos = position_, limits = go.limits] {
        const search::Result r = engine_.search(
            pos, limits, [this](const search::Info& info) { out_.line(format_info(info)); });
        Move best = r.best;
        // Last line of defence: never send a move the rules forbid.
        MoveList legal;
        generate_game_moves(pos, legal);
        if (best && !legal.contains(best)) {
            info_string("internal error: search returned an illegal move; playing a legal one");
            best = legal[0];
        }
        if (!best) out_.line("info depth 0 score " + format_score(search::mated_in(0)));
        // Cleared before bestmove goes out: a GUI may send the next `go` the
        // moment it reads bestmove, and that `go` must not find us busy.
        searching_ = false;
        out_.line(format_bestmove(best, best == r.best ? r.ponder : Move::none()));
    });
}

int run(std::istream& in, std::ostream& out) {
    Session session(out);
    std::string line;
    while (std::getline(in, line))
        if (!session.handle(line)) return 0;
    // End of input: let a finite search finish, stop an infinite one.
    session.wait_for_search();
    session.handle("quit");
    return 0;
}

}  // namespace pantheon::uci
