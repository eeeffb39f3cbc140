// The pipeline's ETA: each step still to run costs what it cost the
// finished generations, the running one what is left of that, at the
// process's own pace; nothing is claimed before a generation has finished.
#include "pipeline/run_eta.h"

#include <gtest/gtest.h>

#include <vector>

namespace pantheon::pipeline {
namespace {

const std::vector<Step> kSteps = {Step::SelfPlay, Step::Train, Step::Gate, Step::Promote,
                                  Step::Anchor};

StepCpu cpu_of(double selfplay, double train, double gate, double anchor) {
    StepCpu cpu{};
    cpu[step_index(Step::SelfPlay)] = selfplay;
    cpu[step_index(Step::Train)] = train;
    cpu[step_index(Step::Gate)] = gate;
    cpu[step_index(Step::Anchor)] = anchor;
    return cpu;
}

TEST(RunEta, NothingIsClaimedBeforeAGenerationHasFinished) {
    CpuLedger ledger;
    EXPECT_FALSE(remaining_cpu_seconds(ledger, kSteps, 8, 0, Step::SelfPlay, 0));
    ledger.generations[0] = cpu_of(100, 0, 0, 0);  // generation 0 still running
    EXPECT_FALSE(remaining_cpu_seconds(ledger, kSteps, 8, 0, Step::Train, 0));
}

TEST(RunEta, StepsStillToRunCostTheirMeanOverFinishedGenerations) {
    CpuLedger ledger;
    ledger.generations[0] = cpu_of(1000, 10, 200, 100);
    // Generation 1 did not promote: no anchor match, so the mean anchor
    // cost is over the generation that ran one.
    ledger.generations[1] = cpu_of(3000, 30, 400, 0);
    // The running generation: an earlier, stopped attempt of its self-play
    // spent 300.
    ledger.generations[2] = cpu_of(300, 0, 0, 0);
    // Means: self-play 2000, train 20, gate 300, anchor 100; a generation 2420.
    // Generation 2 of 4 in its self-play, 300 + 200 spent: 1500 + 20 + 300 +
    // 100 left of it, then one whole generation.
    const auto left = remaining_cpu_seconds(ledger, kSteps, 4, 2, Step::SelfPlay, 200);
    ASSERT_TRUE(left);
    EXPECT_DOUBLE_EQ(*left, 1500 + 20 + 300 + 100 + 2420);
}

TEST(RunEta, ARunningStepBeyondItsMeanLeavesOnlyTheStepsAfterIt) {
    CpuLedger ledger;
    ledger.generations[0] = cpu_of(1000, 10, 200, 100);
    const auto left = remaining_cpu_seconds(ledger, kSteps, 2, 1, Step::Gate, 5000);
    ASSERT_TRUE(left);
    EXPECT_DOUBLE_EQ(*left, 100);  // the anchor match; the last generation
}

TEST(RunEta, CpuTurnsIntoWallTimeAtTheProcessPaceOnceItHasOne) {
    EXPECT_FALSE(wall_seconds_for(1000, 10, MIN_CPU_SECONDS_FOR_PACE / 2));
    // Two CPU seconds every wall second (two threads busy).
    const auto wall = wall_seconds_for(1000, 300, 600);
    ASSERT_TRUE(wall);
    EXPECT_DOUBLE_EQ(*wall, 500);
}

}  // namespace
}  // namespace pantheon::pipeline
