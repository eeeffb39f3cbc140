#include "util/subprocess.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "util/unique_fd.h"

namespace pantheon::util {

namespace {

// Searched when PATH is unset, as execvp does.
constexpr const char* DEFAULT_PATH = "/bin:/usr/bin";
// The lowest descriptor above the standard streams.
constexpr int FIRST_FREE_FD = 3;

std::string errno_text(int code) {
    return std::strerror(code);
}

// The file to exec: a name without '/' is looked up in PATH here, before the
// fork, because execvp may allocate in the child. A path with '/' is left to
// execv (a relative one then counts from the working directory).
std::string resolve_program(const std::string& program) {
    if (program.find('/') != std::string::npos) return program;
    const char* env = std::getenv("PATH");
    const std::string_view dirs = env && *env ? env : DEFAULT_PATH;
    for (size_t begin = 0; begin <= dirs.size();) {
        size_t end = dirs.find(':', begin);
        if (end == std::string_view::npos) end = dirs.size();
        const std::string_view dir = dirs.substr(begin, end - begin);
        const std::string candidate = (dir.empty() ? "." : std::string(dir)) + "/" + program;
        struct stat st;
        if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
            ::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        begin = end + 1;
    }
    return {};
}

// The descriptor the child's stream `target` is copied from, numbered above
// the standard streams (so no dup2 in the child overwrites one it still has
// to copy) and closed at exec. An invalid one for an inherited stream.
bool open_stream(const StreamTarget& target, UniqueFd& out, std::string* error) {
    int fd = -1;
    switch (target.kind) {
        case StreamTarget::Kind::Inherit:
            return true;
        case StreamTarget::Kind::Null:
            fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
            if (fd < 0 && error) *error = "cannot open /dev/null: " + errno_text(errno);
            break;
        case StreamTarget::Kind::Descriptor:
            // A copy of our own, whatever its number: the caller keeps theirs.
            fd = ::fcntl(target.fd, F_DUPFD_CLOEXEC, FIRST_FREE_FD);
            if (fd < 0) {
                if (error)
                    *error = "cannot use descriptor " + std::to_string(target.fd) + ": " +
                             errno_text(errno);
                return false;
            }
            out = UniqueFd(fd);
            return true;
        case StreamTarget::Kind::AppendFile:
            fd = ::open(target.path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
            if (fd < 0 && error) *error = "cannot open '" + target.path + "': " + errno_text(errno);
            break;
    }
    if (fd < 0) return false;
    UniqueFd opened(fd);
    if (fd >= FIRST_FREE_FD) {
        out = std::move(opened);
        return true;
    }
    const int raised = ::fcntl(fd, F_DUPFD_CLOEXEC, FIRST_FREE_FD);
    if (raised < 0) {
        if (error) *error = "cannot duplicate a descriptor: " + errno_text(errno);
        return false;
    }
    out = UniqueFd(raised);
    return true;
}

// What the child does between fork and exec, all of it prepared before the
// fork and all of it async-signal-safe.
struct ChildPlan {
    const char* path;
    char* const* argv;
    const char* working_dir;  // null: stay
    int streams[3];           // copied onto 0, 1, 2; -1: inherited
    bool own_process_group;
    int parent_death_signal;
    pid_t parent;
    int report_fd;  // the errno of a failed start is written here
};

[[noreturn]] void become_program(const ChildPlan& plan) {
    if (plan.parent_death_signal) {
        ::prctl(PR_SET_PDEATHSIG, plan.parent_death_signal);
        if (::getppid() != plan.parent) ::_exit(127);  // the parent died before the prctl
    }
    // Blocked signals and ignored ones survive exec; a program expects neither.
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::signal(SIGPIPE, SIG_DFL);
    if (plan.own_process_group) ::setpgid(0, 0);
    int code = 0;
    for (int i = 0; i < 3 && !code; ++i)
        if (plan.streams[i] >= 0 && ::dup2(plan.streams[i], i) < 0) code = errno;
    if (!code && plan.working_dir && ::chdir(plan.working_dir) != 0) code = errno;
    if (!code) {
        ::execv(plan.path, plan.argv);
        code = errno;
    }
    [[maybe_unused]] const ssize_t n = ::write(plan.report_fd, &code, sizeof code);
    ::_exit(127);
}

}  // namespace

pid_t spawn(const SpawnSpec& spec, std::string* error) {
    const std::string what = "cannot start '" + spec.program + "'" +
                             (spec.working_dir.empty() ? "" : " in '" + spec.working_dir + "'");
    auto fail = [&](const std::string& why) {
        if (error) *error = what + ": " + why;
        return pid_t(-1);
    };
    if (spec.program.empty()) return fail("no program given");
    const std::string path = resolve_program(spec.program);
    if (path.empty()) return fail("not found in PATH");

    UniqueFd streams[3];
    const StreamTarget* targets[3] = {&spec.in, &spec.out, &spec.err};
    for (int i = 0; i < 3; ++i) {
        std::string why;
        if (!open_stream(*targets[i], streams[i], &why)) return fail(why);
    }
    // Closed by a successful exec: end of file with nothing read means started.
    int report[2];
    if (::pipe2(report, O_CLOEXEC) != 0) return fail("pipe: " + errno_text(errno));
    UniqueFd report_read(report[0]), report_write(report[1]);

    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(spec.program.c_str()));
    for (const std::string& a : spec.args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const ChildPlan plan{path.c_str(),
                         argv.data(),
                         spec.working_dir.empty() ? nullptr : spec.working_dir.c_str(),
                         {streams[0].get(), streams[1].get(), streams[2].get()},
                         spec.own_process_group,
                         spec.parent_death_signal,
                         ::getpid(),
                         report_write.get()};

    const pid_t pid = ::fork();
    if (pid < 0) return fail("fork: " + errno_text(errno));
    if (pid == 0) become_program(plan);
    // Also from here, so a kill right after the start finds the group.
    if (spec.own_process_group) ::setpgid(pid, pid);
    for (UniqueFd& s : streams) s.reset();
    report_write.reset();
    int child_errno = 0;
    ssize_t n;
    do {
        n = ::read(report_read.get(), &child_errno, sizeof child_errno);
    } while (n < 0 && errno == EINTR);
    if (n != ssize_t(sizeof child_errno)) return pid;
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return fail(errno_text(child_errno));
}

int exit_code(int wait_status) {
    if (WIFEXITED(wait_status)) return WEXITSTATUS(wait_status);
    if (WIFSIGNALED(wait_status)) return 128 + WTERMSIG(wait_status);
    return 1;
}

std::string describe_exit(int wait_status) {
    if (WIFEXITED(wait_status))
        return "exited with code " + std::to_string(WEXITSTATUS(wait_status));
    if (WIFSIGNALED(wait_status)) {
        const int sig = WTERMSIG(wait_status);
        return "killed by signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
    }
    return "ended";
}

}  // namespace pantheon::util
