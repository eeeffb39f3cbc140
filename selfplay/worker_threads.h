// The worker threads of a run (self-play, rescoring): exactly `threads`
// workers at once, each running the run's work loop until it returns, and
// the first failure any of them reports, which the others see and stop on.
#pragma once

#include <atomic>
#include <functional>
#include <mutex>
#include <string>

#include "engine/core/variant.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

// Runs `work` on `threads` threads at once (a oneTBB arena of that size, one
// task per thread) and returns when every one has returned.
void run_workers(int threads, const std::function<void()>& work);

// Thread-safe: keeps the first message reported.
class FirstFailure {
  public:
    void report(const std::string& message);
    bool failed() const { return failed_; }
    std::string message() const;

  private:
    mutable std::mutex mutex_;
    std::atomic<bool> failed_{false};
    std::string message_;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
