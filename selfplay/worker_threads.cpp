#include "selfplay/worker_threads.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

void run_workers(int threads, const std::function<void()>& work) {
    tbb::task_arena arena(threads);
    arena.execute([&] {
        tbb::parallel_for(
            tbb::blocked_range<int>(0, threads, 1),
            [&](const tbb::blocked_range<int>& r) {
                for (int w = r.begin(); w < r.end(); ++w) work();
            },
            tbb::simple_partitioner());
    });
}

void FirstFailure::report(const std::string& message) {
    std::lock_guard lock(mutex_);
    if (!failed_) message_ = message;
    failed_ = true;
}

std::string FirstFailure::message() const {
    std::lock_guard lock(mutex_);
    return message_;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
