#include "util/run_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace pantheon::util {

namespace {

// The pid a holder wrote into its lock file ("" if none).
std::string holder_pid(int fd) {
    char buf[32] = {};
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    std::string pid(buf, n > 0 ? size_t(n) : 0);
    while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
    return pid.find_first_not_of("0123456789") == std::string::npos ? pid : "";
}

}  // namespace

std::string in_use_message(const std::string& what, const std::string& pid,
                           const std::string& lock_path) {
    return what + " is in use by another process" + (pid.empty() ? "" : " (pid " + pid + ")") +
           ", which holds '" + lock_path + "'; wait for it to end or stop it first";
}

bool RunLock::acquire(const std::string& lock_path, const std::string& what, std::string* error) {
    release();
    // O_CLOEXEC: child processes (engines, pipeline steps) must not hold it on.
    UniqueFd fd(::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644));
    if (!fd) {
        if (error) *error = "cannot open lock file '" + lock_path + "': " + std::strerror(errno);
        return false;
    }
    int r;
    do {
        r = ::flock(fd.get(), LOCK_EX | LOCK_NB);
    } while (r != 0 && errno == EINTR);
    if (r != 0) {
        const int err = errno;
        const std::string pid = err == EWOULDBLOCK ? holder_pid(fd.get()) : "";
        if (error)
            *error = err == EWOULDBLOCK ? in_use_message(what, pid, lock_path)
                                        : "cannot lock '" + lock_path + "': " + std::strerror(err);
        return false;
    }
    // The pid, for the message of a refused process (best effort: a full
    // disk must not stop a run from taking its lock).
    const std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd.get(), 0) == 0) {
        [[maybe_unused]] const ssize_t n = ::pwrite(fd.get(), pid.data(), pid.size(), 0);
    }
    fd_ = std::move(fd);
    return true;
}

std::string lock_path_for(const std::string& path) {
    const std::filesystem::path p(path);
    // Appended piece by piece: `"." + string` trips a false -Wrestrict in GCC 12.
    std::string name = ".";
    name += p.filename().string();
    name += ".lock";
    return (p.parent_path() / name).string();
}

std::optional<std::string> lock_holder(const std::string& lock_path) {
    const UniqueFd fd(::open(lock_path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd) return std::nullopt;
    if (::flock(fd.get(), LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK)
        return holder_pid(fd.get());
    return std::nullopt;
}

}  // namespace pantheon::util
