// Turns Ctrl-C (SIGINT) and SIGTERM into a flag a long command polls (match,
// train, pipeline), without a signal handler: the signals are blocked in every
// thread (threads started later inherit the mask) and one watcher thread takes
// them with sigtimedwait.
// Engine processes get an unblocked mask before exec (uci_process.cpp).
#pragma once

#include <signal.h>

#include <atomic>
#include <thread>

namespace pantheon::util {

class InterruptWatcher {
  public:
    // Raises `flag` when SIGINT or SIGTERM arrives while this object lives.
    explicit InterruptWatcher(std::atomic<bool>& flag);
    ~InterruptWatcher();
    InterruptWatcher(const InterruptWatcher&) = delete;
    InterruptWatcher& operator=(const InterruptWatcher&) = delete;

  private:
    std::atomic<bool>& flag_;
    std::atomic<bool> done_{false};
    sigset_t old_mask_;
    std::thread thread_;
};

}  // namespace pantheon::util
