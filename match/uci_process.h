// A child process spoken to line by line over its standard input and output,
// with deadlines on every read, so a hung or crashed engine cannot stall or
// take down the runner. The child runs in its own process group (a Ctrl-C at
// the terminal reaches only the runner, which then shuts its children down)
// and is killed by the kernel if the runner dies (PR_SET_PDEATHSIG): strictly,
// when the thread that started it ends, so an engine is started, used and
// stopped by one thread (as the tournament's workers do).
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <string>
#include <vector>

#include "util/unique_fd.h"

namespace pantheon::match {

using Clock = std::chrono::steady_clock;

struct ProcessSpec {
    std::string command;            // program path (looked up in PATH if it has no '/')
    std::vector<std::string> args;  // arguments after the program name
    std::string working_dir;        // empty: the runner's directory
    std::string stderr_path;        // empty: the child's stderr is discarded
};

enum class ReadStatus {
    Line,     // a complete line was read
    Timeout,  // the deadline passed first
    Closed,   // the child closed its output (exited or crashed)
    TooLong,  // a line longer than the limit (garbage output)
    Aborted,  // the abort flag was raised (Ctrl-C)
};

class ChildProcess {
  public:
    ChildProcess() = default;
    ~ChildProcess() { kill(); }
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Starts the program; false (with a message) if it cannot be started.
    bool start(const ProcessSpec& spec, std::string* error);
    bool running() const { return pid_ > 0; }
    pid_t pid() const { return pid_; }

    // Writes one line (a newline is appended); false if the child is gone.
    bool write_line(const std::string& line);
    // Reads one line (without its newline) until the deadline or an abort.
    ReadStatus read_line(std::string& line, Clock::time_point deadline,
                         const std::atomic<bool>* abort = nullptr);

    // Waits up to `grace` for the child to exit by itself, then kills its
    // whole process group and reaps it. Safe to call repeatedly.
    void kill(std::chrono::milliseconds grace = std::chrono::milliseconds(0));
    // How the child ended (after kill or a Closed read), for messages.
    const std::string& exit_description() const { return exit_description_; }

  private:
    static constexpr size_t MAX_LINE = 1 << 16;  // longer lines are garbage
    bool reap(bool block);

    pid_t pid_ = -1;
    util::UniqueFd fd_;  // our end of the socket pair joined to the child's stdin/stdout
    std::string buffer_;
    std::string exit_description_;
};

}  // namespace pantheon::match
