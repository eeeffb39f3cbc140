#include "util/progress_line.h"

#include <gtest/gtest.h>

#include <sstream>

namespace pantheon::util {
namespace {

TEST(ProgressLine, LogsGetPlainLinesWithoutCarriageReturns) {
    std::ostringstream out;
    EXPECT_FALSE(is_terminal(out));
    ProgressLine line(&out, false);
    EXPECT_FALSE(line.due());  // not before the log interval has passed
    line.draw("step 1", false);
    line.draw("done", true);
    EXPECT_EQ(out.str(), "step 1\ndone\n");
}

TEST(ProgressLine, TerminalRedrawsInPlaceAndEndsTheFinalLine) {
    std::ostringstream out;
    ProgressLine line(&out, true);
    line.draw("a", false);
    line.draw("b", true);
    EXPECT_EQ(out.str(), "\ra\033[K\rb\033[K\n");
}

TEST(ProgressLine, NullStreamIsSilent) {
    ProgressLine line(nullptr, false);
    EXPECT_FALSE(line.enabled());
    EXPECT_FALSE(line.due());
    line.draw("x", true);
}

TEST(ProgressLine, ShortTexts) {
    EXPECT_EQ(duration_text(187), "3m07s");
    EXPECT_EQ(duration_text(3900), "1h05m");
    EXPECT_EQ(short_count(789), "789");
    EXPECT_EQ(short_count(45600), "45.6k");
    EXPECT_EQ(short_count(1234567), "1.23M");
}

}  // namespace
}  // namespace pantheon::util
