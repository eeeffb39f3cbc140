// The UCI front end (SPEC.md "UCI"). A Session owns one search Engine, the
// current position and the search thread; it reads command lines and writes
// responses. Bad input is answered with "info string ..." and never changes
// the last valid position.
#pragma once

#include <atomic>
#include <istream>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>

#include "engine/core/position.h"
#include "engine/search/search.h"
#include "engine/uci/uci_options.h"

namespace pantheon::uci {

// Serialises whole lines from the command thread and the search thread.
class Output {
  public:
    explicit Output(std::ostream& out) : out_(out) {}
    void line(std::string_view text);

  private:
    std::ostream& out_;
    std::mutex mutex_;
};

class Session {
  public:
    explicit Session(std::ostream& out);
    ~Session();  // stops and joins a running search
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Handles one command line; returns false after "quit".
    bool handle(std::string_view line);
    // Blocks until the running search (if any) has printed its bestmove.
    // An infinite search is not waited for: it needs "stop".
    void wait_for_search();
    bool searching() const { return searching_.load(); }
    const Position& position() const { return position_; }

  private:
    void cmd_uci();
    void cmd_setoption(std::string_view args);
    void cmd_position(std::string_view args);
    void cmd_go(std::string_view args);
    void cmd_stop();
    void cmd_newgame();
    void info_string(std::string_view text) { out_.line("info string " + std::string(text)); }
    void join_search();

    Output out_;
    search::Engine engine_;
    Position position_;
    OptionState options_;
    std::thread search_thread_;
    std::atomic<bool> searching_{false};
    bool infinite_ = false;
    bool stop_sent_ = false;  // "stop" received for the running search
};

// Runs a session over streams until "quit" or end of input. At end of input a
// finite search still running is allowed to finish; an infinite one is stopped.
int run(std::istream& in, std::ostream& out);

}  // namespace pantheon::uci
