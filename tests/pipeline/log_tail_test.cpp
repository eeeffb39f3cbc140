// The step's line in the pipeline's progress: the newest line of its log that
// says something, past the rules of dashes a match log ends its blocks with.
#include "pipeline/log_tail.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "tests/test_dir.h"

namespace pantheon::pipeline {
namespace {

using pantheon::test::TestDir;

std::string log_with(const TestDir& dir, const std::string& text) {
    const std::string path = dir.file("step.log");
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

TEST(LogTail, ARuleAfterTheProgressLineIsPassedOver) {
    TestDir dir("log_tail_rule");
    const std::string path = log_with(dir,
                                      "games 570/2000 | initial 323-247-0\n"
                                      "Results of initial vs fsf:\n"
                                      "Ptnml(0-2): [52, 0, 143, 0, 89]\n"
                                      "--------------------------------------------------\n");
    EXPECT_EQ(last_progress_line(path), "Ptnml(0-2): [52, 0, 143, 0, 89]");
}

TEST(LogTail, CarriageReturnsEndLinesAndTrailingBlanksGo) {
    TestDir dir("log_tail_cr");
    const std::string path = log_with(dir, "selfplay 10/100 games\rselfplay 20/100 games  \r\n\n");
    EXPECT_EQ(last_progress_line(path), "selfplay 20/100 games");
}

TEST(LogTail, LongLinesAreCutAndEmptyOrMissingLogsGiveNothing) {
    TestDir dir("log_tail_edges");
    EXPECT_EQ(last_progress_line(log_with(dir, std::string(300, 'x') + "\n"), 160),
              std::string(160, 'x'));
    EXPECT_EQ(last_progress_line(log_with(dir, "-----\n====\n\n")), "");
    EXPECT_EQ(last_progress_line(dir.file("missing.log")), "");
    EXPECT_EQ(last_progress_line(log_with(dir, "one line without an end")),
              "one line without an end");
}

}  // namespace
}  // namespace pantheon::pipeline
