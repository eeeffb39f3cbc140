// Run locks (util/run_lock.h): a second holder is refused with a message
// naming the run and the holder, and a holder killed with SIGKILL leaves
// nothing stuck.
#include "util/run_lock.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

namespace pantheon::util {
namespace {

namespace fs = std::filesystem;

fs::path lock_file(const std::string& name) {
    return fs::temp_directory_path() / ("pantheon-lock-" + name + "-" + std::to_string(::getpid()));
}

TEST(RunLock, ASecondHolderIsRefusedUntilTheFirstReleases) {
    const fs::path path = lock_file("second");
    RunLock first, second;
    std::string error;
    ASSERT_TRUE(first.acquire(path.string(), "run 'x'", &error)) << error;
    EXPECT_EQ(lock_holder(path.string()), std::to_string(::getpid()));
    EXPECT_FALSE(second.acquire(path.string(), "run 'x'", &error));
    EXPECT_NE(
        error.find("run 'x' is in use by another process (pid " + std::to_string(::getpid()) + ")"),
        std::string::npos)
        << error;
    first.release();
    EXPECT_FALSE(lock_holder(path.string()));
    EXPECT_TRUE(second.acquire(path.string(), "run 'x'", &error)) << error;
    second.release();
    fs::remove(path);
}

TEST(RunLock, AHolderKilledWithSigkillLeavesNothingStuck) {
    const fs::path path = lock_file("killed");
    int ready[2];
    ASSERT_EQ(::pipe(ready), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        RunLock lock;
        const bool ok = lock.acquire(path.string(), "run", nullptr);
        [[maybe_unused]] const ssize_t n = ::write(ready[1], ok ? "y" : "n", 1);
        for (;;) ::pause();
    }
    char c = 0;
    ASSERT_EQ(::read(ready[0], &c, 1), 1);
    ASSERT_EQ(c, 'y');
    RunLock lock;
    std::string error;
    EXPECT_FALSE(lock.acquire(path.string(), "run", &error));
    EXPECT_NE(error.find("pid " + std::to_string(child)), std::string::npos) << error;
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    EXPECT_TRUE(lock.acquire(path.string(), "run", &error)) << error;
    ::close(ready[0]);
    ::close(ready[1]);
    fs::remove(path);
}

TEST(RunLock, TheLockFileSitsHiddenBesideWhatItGuards) {
    EXPECT_EQ(lock_path_for("runs/a/match.pgn"), "runs/a/.match.pgn.lock");
    EXPECT_EQ(lock_path_for("net.nnue"), ".net.nnue.lock");
}

}  // namespace
}  // namespace pantheon::util
