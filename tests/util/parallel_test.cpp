#include "util/parallel.h"

#include <gtest/gtest.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

namespace pantheon::util {
namespace {

// --threads means that many threads, also beyond the machine's cores: n
// tasks that each wait for all n to have started finish only on n threads.
TEST(RunOnThreads, GivesTheBodyExactlyThatManyThreads) {
    for (int threads : {1, 3, 8}) {
        std::atomic<int> started{0};
        std::atomic<bool> all_met{true};
        run_on_threads(threads, [&] {
            EXPECT_EQ(tbb::this_task_arena::max_concurrency(), threads);
            tbb::parallel_for(
                tbb::blocked_range<int>(0, threads, 1),
                [&](const tbb::blocked_range<int>&) {
                    ++started;
                    const auto deadline =
                        std::chrono::steady_clock::now() + std::chrono::seconds(5);
                    while (started < threads && std::chrono::steady_clock::now() < deadline)
                        std::this_thread::yield();
                    if (started < threads) all_met = false;
                },
                tbb::simple_partitioner());
        });
        EXPECT_TRUE(all_met) << threads << " threads did not run at once";
    }
    int seen = 0;
    run_on_threads(0, [&] { seen = tbb::this_task_arena::max_concurrency(); });
    EXPECT_EQ(seen, 1);  // at least one
}

TEST(RunOnThreads, FixedPiecesGiveTheSameResultWithAnyCount) {
    const auto sum = [](int threads) {
        uint64_t total = 0;
        run_on_threads(threads, [&] {
            total = tbb::parallel_reduce(
                tbb::blocked_range<uint64_t>(0, 1000000, 4096), uint64_t(0),
                [](const tbb::blocked_range<uint64_t>& r, uint64_t s) {
                    for (uint64_t i = r.begin(); i != r.end(); ++i) s += i * i % 7;
                    return s;
                },
                [](uint64_t a, uint64_t b) { return a + b; });
        });
        return total;
    };
    EXPECT_EQ(sum(1), sum(4));
}

}  // namespace
}  // namespace pantheon::util
