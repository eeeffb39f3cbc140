#include "match/uci_process.h"

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>
#include <utility>

#include "util/subprocess.h"

namespace pantheon::match {

namespace {

// Longest single wait on the socket, so an abort request is noticed quickly.
constexpr int POLL_SLICE_MS = 50;
// A child that does not drain its input for this long is treated as gone.
constexpr int WRITE_TIMEOUT_MS = 5000;

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
    util::UniqueFd ours(sv[0]);
    const util::UniqueFd theirs(sv[1]);  // closed here once the child holds its copy
    util::SpawnSpec child;
    child.program = spec.command;
    child.args = spec.args;
    child.working_dir = spec.working_dir;
    child.in = child.out = util::StreamTarget::descriptor(theirs.get());
    child.err = spec.stderr_path.empty() ? util::StreamTarget::null()
                                         : util::StreamTarget::append_to(spec.stderr_path);
    child.own_process_group = true;
    // The engine dies with the runner, even a runner killed by kill -9 (a
    // hung engine never reads the end of its input).
    child.parent_death_signal = SIGKILL;
    const pid_t pid = util::spawn(child, error);
    if (pid < 0) return false;
    pid_ = pid;
    fd_ = std::move(ours);
    return true;
}

bool ChildProcess::write_line(const std::string& line) {
    if (!fd_) return false;
    const std::string data = line + "\n";
    size_t sent = 0;
    while (sent < data.size()) {
        const ssize_t n =
            send(fd_.get(), data.data() + sent, data.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            sent += size_t(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            pollfd p{fd_.get(), POLLOUT, 0};
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
        if (!fd_) return ReadStatus::Closed;
        if (abort && abort->load()) return ReadStatus::Aborted;
        const auto now = Clock::now();
        if (now >= deadline) return ReadStatus::Timeout;
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
        pollfd p{fd_.get(), POLLIN, 0};
        const int r = poll(&p, 1, int(std::min<long long>(left + 1, POLL_SLICE_MS)));
        if (r < 0 && errno != EINTR) return ReadStatus::Closed;
        if (r <= 0) continue;
        char chunk[4096];
        const ssize_t n = recv(fd_.get(), chunk, sizeof chunk, 0);
        if (n > 0) {
            buffer_.append(chunk, size_t(n));
        } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
            fd_.reset();
            reap(false);
            if (buffer_.empty()) return ReadStatus::Closed;
            buffer_ += '\n';  // a last line without its newline still counts
        }
    }
}

bool ChildProcess::reap(bool block) {
    if (pid_ <= 0) return true;
    int status = 0;
    pid_t r;
    do {
        r = waitpid(pid_, &status, block ? 0 : WNOHANG);
    } while (r < 0 && errno == EINTR);
    if (r == pid_) {
        exit_description_ = util::describe_exit(status);
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
    fd_.reset();
}

}  // namespace pantheon::match
