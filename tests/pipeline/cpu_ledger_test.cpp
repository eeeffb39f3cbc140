// The CPU ledger: a running attempt's checkpoint reaches the ledger once
// (when the attempt ends, or at the next start after a kill), and the CPU of
// a step's live process tree is seen while it runs.
#include "pipeline/cpu_ledger.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "tests/test_dir.h"

namespace pantheon::pipeline {
namespace {

namespace fs = std::filesystem;

using pantheon::test::TestDir;

std::string ledger_text(const RunDir& d) {
    std::ifstream in(d.cpu_ledger());
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(CpuLedger, AKilledAttemptsCheckpointIsSettledOnce) {
    const TestDir dir;
    const RunDir d(dir.path());
    append_cpu(d, 0, Step::SelfPlay, 100);
    checkpoint_cpu(d, 1, Step::SelfPlay, 10);
    checkpoint_cpu(d, 1, Step::SelfPlay, 42.5);  // replaces the first
    EXPECT_TRUE(settle_cpu_checkpoint(d));
    EXPECT_FALSE(fs::exists(d.cpu_checkpoint()));
    EXPECT_FALSE(settle_cpu_checkpoint(d));  // nothing left to count again
    const std::string machine = ledger_machine();
    EXPECT_EQ(ledger_text(d),
              "0\tselfplay\t100.000\t" + machine + "\n1\tselfplay\t42.500\t" + machine + "\n");
    const CpuLedger ledger = read_cpu_ledger(d);
    EXPECT_DOUBLE_EQ(ledger.generations.at(1)[0], 42.5);
}

TEST(CpuLedger, AnEndedAttemptReplacesItsCheckpoint) {
    const TestDir dir;
    const RunDir d(dir.path());
    checkpoint_cpu(d, 0, Step::Gate, 5);
    append_cpu(d, 0, Step::Gate, 7);
    EXPECT_FALSE(fs::exists(d.cpu_checkpoint()));
    EXPECT_FALSE(settle_cpu_checkpoint(d));
    EXPECT_EQ(ledger_text(d), "0\tgate\t7.000\t" + ledger_machine() + "\n");
}

double own_cpu_seconds() {
    timespec t{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// A child that starts a grandchild; the grandchild burns `seconds` of CPU,
// then both wait to be killed.
pid_t start_busy_grandchild(double seconds) {
    const pid_t child = ::fork();
    if (child != 0) return child;
    ::setpgid(0, 0);
    if (::fork() == 0) {
        volatile unsigned long sink = 0;
        while (own_cpu_seconds() < seconds) sink = sink + 1;
    }
    for (;;) ::pause();
}

TEST(CpuLedger, LiveDescendantsIncludeAGrandchildsCpu) {
    const double before = live_descendants_cpu_seconds();
    const pid_t child = start_busy_grandchild(0.5);
    ASSERT_GT(child, 0);
    ::setpgid(child, child);
    double seen = 0;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while ((seen = live_descendants_cpu_seconds() - before) < 0.4 &&
           std::chrono::steady_clock::now() < give_up)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ::kill(-child, SIGKILL);
    ::waitpid(child, nullptr, 0);
    EXPECT_GE(seen, 0.4) << "the grandchild's CPU was not seen";
    EXPECT_LT(seen, 5.0);
}

}  // namespace
}  // namespace pantheon::pipeline
