#include "data/progress.h"

#include <gtest/gtest.h>

#include <sstream>

namespace pantheon::data {
namespace {

// Output to a file or pipe (here a string stream) gets plain lines only.
TEST(DataProgress, NoCarriageReturnsOffTerminal) {
    std::ostringstream out;
    Progress progress("stats", "positions", 1000, &out);
    for (uint64_t i = 0; i <= 1000; i += 10) progress.update(i);
    progress.finish();
    EXPECT_EQ(out.str().find('\r'), std::string::npos);
    EXPECT_NE(out.str().find("stats: 1000 / 1000 positions (100.0%)"), std::string::npos)
        << out.str();
    EXPECT_EQ(out.str().back(), '\n');
}

}  // namespace
}  // namespace pantheon::data
