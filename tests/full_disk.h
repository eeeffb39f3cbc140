// A full disk inside a test: while a FullDisk lives, no file of this process
// can grow beyond `bytes` (RLIMIT_FSIZE; a write past the limit fails with
// EFBIG, and SIGXFSZ, which would kill the process, is ignored). Writers
// see the same failed write(2) as on a full file system.
#pragma once

#include <signal.h>
#include <sys/resource.h>

#include <cstdint>
#include <filesystem>
#include <set>
#include <string>

namespace pantheon::test {

class FullDisk {
  public:
    explicit FullDisk(uint64_t bytes) {
        ::getrlimit(RLIMIT_FSIZE, &saved_);
        old_handler_ = ::signal(SIGXFSZ, SIG_IGN);
        rlimit limit = saved_;
        limit.rlim_cur = rlim_t(bytes);
        ::setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FullDisk() {
        ::setrlimit(RLIMIT_FSIZE, &saved_);
        ::signal(SIGXFSZ, old_handler_);
    }
    FullDisk(const FullDisk&) = delete;
    FullDisk& operator=(const FullDisk&) = delete;

  private:
    rlimit saved_{};
    sighandler_t old_handler_ = SIG_DFL;
};

// The names of the entries of a directory (to see that a failed write left
// nothing behind).
inline std::set<std::string> directory_names(const std::filesystem::path& dir) {
    std::set<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        names.insert(e.path().filename().string());
    return names;
}

}  // namespace pantheon::test
