#include "util/progress_reporter.h"

#include <gtest/gtest.h>

#include <sstream>
#include <thread>
#include <vector>

namespace pantheon::util {
namespace {

TEST(ProgressReporter, CountsFromSeveralThreadsAndDrawsTheFinalLineOnce) {
    std::ostringstream out;
    ProgressReporter<int> progress(&out, false, [](const int& done, double, bool final) {
        return std::to_string(done) + (final ? " done" : " so far");
    });
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            for (int i = 0; i < 1000; ++i) progress.update([](int& done) { ++done; });
        });
    for (std::thread& t : threads) t.join();
    EXPECT_EQ(progress.counts(), 4000);
    progress.finish();
    progress.finish();
    EXPECT_EQ(out.str(), "4000 done\n");  // no intermediate line within the log interval
}

TEST(ProgressReporter, NullStreamIsSilent) {
    int drawn = 0;
    ProgressReporter<int> progress(nullptr, false, [&](const int&, double, bool) {
        ++drawn;
        return std::string();
    });
    progress.update([](int& done) { done = 7; });
    progress.finish();
    EXPECT_EQ(drawn, 0);
    EXPECT_EQ(progress.counts(), 7);
}

TEST(Pace, RateAndTimeLeft) {
    const Pace pace(300, 60);
    EXPECT_DOUBLE_EQ(pace.rate, 5);
    EXPECT_EQ(pace.time_or_eta(900, false), "ETA 3m00s");
    EXPECT_EQ(pace.time_or_eta(900, true), "time 1m00s");
    const Pace idle(0, 0);  // no time yet: a finite (zero) rate, no ETA
    EXPECT_EQ(idle.rate, 0);
    EXPECT_FALSE(idle.time_for(10));
    EXPECT_EQ(idle.time_or_eta(10, false), "ETA ?");
}

}  // namespace
}  // namespace pantheon::util
