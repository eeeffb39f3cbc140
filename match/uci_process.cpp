#include "match/uci_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

namespace pantheon::match {

namespace {

// Longest single wait on the socket, so an abort request is noticed quickly.
constexpr int POLL_SLICE_MS = 50;
// A child that does not drain its input for this long is treated as gone.
constexpr int WRITE_TIMEOUT_MS = 5000;

std::string describe_status(int status) {
    if (WIFEXITED(status)) return "exited with code " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        return "killed by signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
    }
    return "ended";
}

}  // namespace

bool ChildProcess::start(const ProcessSpec& spec, std::string* error) {
    kill();
    exit_description_.clear();
    buffer_.clear();
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
        if (error) *error = std::string("socketpair: ") + std::strerror(errno);
        return false;
    }
    // Reports an exec failure to the parent; closes by itself on a successful exec.
    int status_pipe[2];
    if (pipe2(status_pipe, O_CLOEXEC) != 0) {
        if (error) *error = std::string("pipe: ") + std::strerror(errno);
        ::close(sv[0]);
        ::close(sv[1]);
        return false;
    }

    // Everything the child needs is prepared before fork: after it, only
    // async-signal-safe calls are allowed in a multi-threaded program.
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(spec.command.c_str()));
    for (const auto& a : spec.args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const char* err_path = spec.stderr_path.empty() ? "/dev/null" : spec.stderr_path.c_str();
    const int err_flags = spec.stderr_path.empty() ? O_WRONLY : O_WRONLY | O_CREAT | O_APPEND;
    const char* dir = spec.working_dir.empty() ? nullptr : spec.working_dir.c_str();

    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) {
        if (error) *error = std::string("fork: ") + std::strerror(errno);
        for (int fd : {sv[0], sv[1], status_pipe[0], status_pipe[1]}) ::close(fd);
        return false;
    }
    if (pid == 0) {
        // The engine dies with the runner, even a runner killed by kill -9
        // (a hung engine never reads the end of its input).
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(127);  // the runner died before the prctl
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, nullptr);  // the runner blocks SIGINT in its threads
        signal(SIGPIPE, SIG_DFL);
        setpgid(0, 0);
        int code = 0;
        const int err_fd = open(err_path, err_flags, 0644);
        if (dup2(sv[1], 0) < 0 || dup2(sv[1], 1) < 0 || err_fd < 0 || dup2(err_fd, 2) < 0)
            code = errno;
        if (!code && dir && chdir(dir) != 0) code = errno;
        if (!code) {
            execvp(argv[0], argv.data());
            code = errno;
        }
        [[maybe_unused]] ssize_t w = write(status_pipe[1], &code, sizeof code);
        _exit(127);
    }
    setpgid(pid, pid);  // also from here, so a kill right after start finds the group
    ::close(sv[1]);
    ::close(status_pipe[1]);
    int child_errno = 0;
    ssize_t n;
    do {
        n = read(status_pipe[0], &child_errno, sizeof child_errno);
    } while (n < 0 && errno == EINTR);
    ::close(status_pipe[0]);
    pid_ = pid;
    fd_ = sv[0];
    if (n == ssize_t(sizeof child_errno)) {
        kill();
        if (error)
            *error = "cannot start '" + spec.command + "'" +
                     (dir ? " in '" + spec.working_dir + "'" : "") + ": " +
                     std::strerror(child_errno);
        return false;
    }
    return true;
}

bool ChildProcess::write_line(const std::string& line) {
    if (fd_ < 0) return false;
    const std::string data = line + "\n";
    size_t sent = 0;
    while (sent < data.size()) {
        const ssize_t n =
            send(fd_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            sent += size_t(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            pollfd p{fd_, POLLOUT, 0};
            if (poll(&p, 1, WRITE_TIMEOUT_MS) > 0 && (p.revents & POLLOUT)) continue;
        }
        return false;
    }
    return true;
}

ReadStatus ChildProcess::read_line(std::string& line, Clock::time_point deadline,
                                   const std::atomic<bool>* abort) {
    for (;;) {
        const size_t nl = buffer_.find('\n');
        if (nl != std::string::npos) {
            line.assign(buffer_, 0, nl);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            buffer_.erase(0, nl + 1);
            return ReadStatus::Line;
        }
        if (buffer_.size() > MAX_LINE) return ReadStatus::TooLong;
        if (fd_ < 0) return ReadStatus::Closed;
        if (abort && abort->load()) return ReadStatus::Aborted;
        const auto now = Clock::now();
        if (now >= deadline) return ReadStatus::Timeout;
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
        pollfd p{fd_, POLLIN, 0};
        const int r = poll(&p, 1, int(std::min<long long>(left + 1, POLL_SLICE_MS)));
        if (r < 0 && errno != EINTR) return ReadStatus::Closed;
        if (r <= 0) continue;
        char chunk[4096];
        const ssize_t n = recv(fd_, chunk, sizeof chunk, 0);
        if (n > 0) {
            buffer_.append(chunk, size_t(n));
        } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
            close_fd();
            reap(false);
            if (buffer_.empty()) return ReadStatus::Closed;
            buffer_ += '\n';  // a last line without its newline still counts
        }
    }
}

void ChildProcess::close_fd() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

bool ChildProcess::reap(bool block) {
    if (pid_ <= 0) return true;
    int status = 0;
    pid_t r;
    do {
        r = waitpid(pid_, &status, block ? 0 : WNOHANG);
    } while (r < 0 && errno == EINTR);
    if (r == pid_) {
        exit_description_ = describe_status(status);
        pid_ = -1;
        return true;
    }
    if (r < 0) pid_ = -1;  // not our child any more
    return r < 0;
}

void ChildProcess::kill(std::chrono::milliseconds grace) {
    if (pid_ > 0 && grace.count() > 0) {
        const auto until = Clock::now() + grace;
        while (!reap(false) && Clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (pid_ > 0) {
        killpg(pid_, SIGKILL);
        ::kill(pid_, SIGKILL);
        reap(true);
    }
    close_fd();
}

}  // namespace pantheon::match
