// An exclusive lock that keeps two processes off one run (a self-play
// output directory, a training's net and checkpoint, a match's state, a
// pipeline's run directory). It is flock(2) on a lock file beside what it
// guards: the kernel releases it when the holder exits or is killed, even by
// kill -9, so a killed run never leaves it stuck and no stale lock is ever
// removed by hand. The file keeps the holder's pid for the refusal message;
// lock files are left in place (removing one would race with a new holder).
#pragma once

#include <optional>
#include <string>

#include "util/unique_fd.h"

namespace pantheon::util {

class RunLock {
  public:
    // Takes the lock at `lock_path` (creating the file) without waiting.
    // False with a message naming `what` when another process holds it.
    bool acquire(const std::string& lock_path, const std::string& what, std::string* error);
    bool held() const { return fd_.valid(); }
    // Closing the last descriptor of the lock file drops the lock.
    void release() { fd_.reset(); }

  private:
    UniqueFd fd_;
};

// "<what> is in use by another process (pid P), which holds '<lock_path>';
// wait for it to end or stop it first": the refusal of acquire().
std::string in_use_message(const std::string& what, const std::string& pid,
                           const std::string& lock_path);

// The lock file guarding `path`: ".<name>.lock" in the same directory.
std::string lock_path_for(const std::string& path);

// The pid of the process holding the lock at `lock_path` now ("" if it is
// held but the pid is unknown), or nullopt if it is free. (It takes and drops
// a free lock, so a process taking it that instant may be refused.)
std::optional<std::string> lock_holder(const std::string& lock_path);

}  // namespace pantheon::util
