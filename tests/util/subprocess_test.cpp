// The subprocess launcher (util/subprocess.h): exit codes come back as a
// shell writes them, a program that cannot start is an error naming it and
// the reason, and the streams go where the spec says.
#include "util/subprocess.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/test_dir.h"

namespace pantheon::util {
namespace {

namespace fs = std::filesystem;

// Waits for the child and returns its status as a shell writes it.
int wait_exit_code(pid_t pid) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return exit_code(status);
}

SpawnSpec shell(const std::string& script) {
    SpawnSpec spec;
    spec.program = "/bin/sh";
    spec.args = {"-c", script};
    return spec;
}

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(Subprocess, TrueExitsWithZero) {
    SpawnSpec spec;
    spec.program = "/bin/true";
    std::string error;
    const pid_t pid = spawn(spec, &error);
    ASSERT_GT(pid, 0) << error;
    EXPECT_EQ(wait_exit_code(pid), 0);
}

TEST(Subprocess, ANameIsLookedUpInPath) {
    SpawnSpec spec;
    spec.program = "true";
    std::string error;
    const pid_t pid = spawn(spec, &error);
    ASSERT_GT(pid, 0) << error;
    EXPECT_EQ(wait_exit_code(pid), 0);
}

TEST(Subprocess, TheExitCodeComesBack) {
    std::string error;
    const pid_t pid = spawn(shell("exit 3"), &error);
    ASSERT_GT(pid, 0) << error;
    EXPECT_EQ(wait_exit_code(pid), 3);
}

TEST(Subprocess, ASignalIsCountedAsAShellDoes) {
    std::string error;
    const pid_t pid = spawn(shell("kill -9 $$"), &error);
    ASSERT_GT(pid, 0) << error;
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_EQ(exit_code(status), 128 + SIGKILL);
    EXPECT_EQ(describe_exit(status).rfind("killed by signal 9", 0), 0u) << describe_exit(status);
}

TEST(Subprocess, AMissingProgramIsAClearError) {
    SpawnSpec spec;
    spec.program = "/nonexistent/engine";
    std::string error;
    EXPECT_EQ(spawn(spec, &error), -1);
    EXPECT_EQ(error, "cannot start '/nonexistent/engine': No such file or directory");

    spec.program = "pantheon-no-such-program";
    EXPECT_EQ(spawn(spec, &error), -1);
    EXPECT_EQ(error, "cannot start 'pantheon-no-such-program': not found in PATH");

    spec.program = "/bin/true";
    spec.working_dir = "/nonexistent/dir";
    EXPECT_EQ(spawn(spec, &error), -1);
    EXPECT_EQ(error, "cannot start '/bin/true' in '/nonexistent/dir': No such file or directory");
}

TEST(Subprocess, OutputIsAppendedToAFile) {
    const pantheon::test::TestDir test_dir;
    const fs::path& dir = test_dir.path();
    const fs::path log = dir / "out.log";
    { std::ofstream(log) << "before\n"; }
    SpawnSpec spec = shell("echo out; echo err >&2; cat");
    spec.in = StreamTarget::null();  // cat ends at once
    spec.out = StreamTarget::append_to(log.string());
    spec.err = StreamTarget::append_to(log.string());
    std::string error;
    const pid_t pid = spawn(spec, &error);
    ASSERT_GT(pid, 0) << error;
    EXPECT_EQ(wait_exit_code(pid), 0);
    EXPECT_EQ(read_text(log), "before\nout\nerr\n");
}

TEST(Subprocess, AnUnwritableFileIsAnErrorBeforeTheStart) {
    SpawnSpec spec = shell("exit 0");
    spec.err = StreamTarget::append_to("/nonexistent/dir/err.log");
    std::string error;
    EXPECT_EQ(spawn(spec, &error), -1);
    EXPECT_EQ(error,
              "cannot start '/bin/sh': cannot open '/nonexistent/dir/err.log': No such file or "
              "directory");
}

TEST(Subprocess, ADescriptorCarriesBothDirections) {
    int sv[2];
    ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
    SpawnSpec spec = shell("read line; echo \"got $line\"");
    spec.in = StreamTarget::descriptor(sv[1]);
    spec.out = StreamTarget::descriptor(sv[1]);
    std::string error;
    const pid_t pid = spawn(spec, &error);
    ::close(sv[1]);  // the caller's copy: the child has its own
    ASSERT_GT(pid, 0) << error;
    ASSERT_EQ(::write(sv[0], "ping\n", 5), 5);
    std::string reply;
    char buf[64];
    for (ssize_t n; (n = ::read(sv[0], buf, sizeof buf)) > 0;) reply.append(buf, size_t(n));
    ::close(sv[0]);
    EXPECT_EQ(reply, "got ping\n");
    EXPECT_EQ(wait_exit_code(pid), 0);
}

TEST(Subprocess, TheWorkingDirectoryAndProcessGroupAreSet) {
    const pantheon::test::TestDir test_dir;
    const fs::path& dir = test_dir.path();
    const fs::path out = dir / "out.txt";
    SpawnSpec spec = shell("pwd -P; cut -d' ' -f5 /proc/$$/stat");
    spec.working_dir = dir.string();
    spec.out = StreamTarget::append_to(out.string());
    spec.own_process_group = true;
    std::string error;
    const pid_t pid = spawn(spec, &error);
    ASSERT_GT(pid, 0) << error;
    EXPECT_EQ(wait_exit_code(pid), 0);
    const std::string text = read_text(out);
    EXPECT_EQ(text.substr(0, text.find('\n')), fs::canonical(dir).string());
    EXPECT_NE(text.find("\n" + std::to_string(pid) + "\n"), std::string::npos) << text;
}

}  // namespace
}  // namespace pantheon::util
