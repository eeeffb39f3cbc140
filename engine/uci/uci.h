// The UCI front end (SPEC.md "UCI"). A Session owns one search Engine, the
// current position and the search thread; it reads command lines and writes
// responses. Bad input is answered with "info string ..." and never changes
// the last valid position.
#pragma once

#include <atomic>
#include <deque>
#include <istream>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>

#include "engine/core/position.h"
#include "engine/search/search.h"
#include "engine/uci/any_session.h"
#include "engine/uci/uci_options.h"
#include "engine/uci/uci_parse.h"

namespace pantheon::uci {
PANTHEON_VARIANT_BEGIN

// Serialises whole lines from the command thread and the search thread.
class Output {
  public:
    explicit Output(std::ostream& out) : out_(out) {}
    void line(std::string_view text);

  private:
    std::ostream& out_;
    std::mutex mutex_;
};

// Commands run in order, except that the input is never blocked by a search:
// while one runs (or commands wait for it), "stop", "isready", "ponderhit",
// "uci" and "quit" are answered at once, and everything else (go, position,
// setoption, ucinewgame, d) queues and runs, in order, as soon as the search
// ends. A queued "go" thus starts right after the previous bestmove.
class Session final : public AnySession {
  public:
    // default_variant: the UCI_Variant default its "uci" reply shows.
    explicit Session(std::ostream& out, std::string_view default_variant = VARIANT_NAMES[0]);
    ~Session() override;  // stops and joins a running search
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Handles one command line; returns false after "quit".
    bool handle(std::string_view line) override;
    // Blocks until no search runs and nothing is queued, except that a search
    // waiting for a command (infinite, ponder) that was not sent "stop" is not
    // waited for.
    void wait_for_search() override;
    // End of input: like wait_for_search, but searches waiting for a command
    // are stopped, so this always returns.
    void finish() override;
    std::vector<std::string> carried_settings() const override;
    bool searching() const;
    const Position& position() const { return position_; }

  private:
    struct Queued {
        std::string line;
        bool stopped = false;    // a "stop" arrived after this queued "go"
        bool ponderhit = false;  // a "ponderhit" arrived after this queued "go"
    };
    // Runs a command that must keep its order (go, position, ...).
    void execute(std::string_view line);
    void cmd_uci();
    void cmd_setoption(std::string_view args);
    void cmd_position(std::string_view args);
    void cmd_go(std::string_view args);
    void cmd_stop();
    void cmd_ponderhit();
    // With mutex_ held: the stop and ponder state for a go about to run.
    void arm(const GoCommand& go, const Queued& flags);
    void cmd_newgame();
    void info_string(std::string_view text) { out_.line("info string " + std::string(text)); }
    // The search thread: runs one go, then whatever queued meanwhile.
    void search_loop(GoCommand go);
    void run_go(GoCommand& go);
    void join_search();

    Output out_;
    std::string_view default_variant_;
    search::Engine engine_;
    Position position_;
    OptionState options_;
    std::thread search_thread_;
    mutable std::mutex mutex_;        // guards the fields below
    bool busy_ = false;               // the search thread runs (a search or the queue)
    std::deque<Queued> queue_;        // commands waiting for the search to end
    bool waits_for_command_ = false;  // running search: infinite or pondering
    bool stop_sent_ = false;          // "stop" received for the running search
    std::atomic<bool> perft_stop_{false};
};

PANTHEON_VARIANT_END
}  // namespace pantheon::uci
