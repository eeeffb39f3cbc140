// Parallel loops run on oneTBB with an exact thread count: `run_on_threads`
// gives the body (tbb::parallel_for, parallel_reduce ...) `threads` threads,
// also more than the machine has cores, as a --threads option promises,
// without TBB's warning about refused workers. Results must not depend on the
// count: bodies split work into fixed pieces and combine them in order.
#pragma once

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cstddef>
#include <utility>

namespace pantheon::util {

template <class Body>
void run_on_threads(int threads, Body&& body) {
    const int n = std::max(1, threads);
    // The scheduler's worker limit (cores - 1 by default) rises to n - 1 while
    // the arena of n threads runs.
    const tbb::global_control workers(tbb::global_control::max_allowed_parallelism, size_t(n));
    tbb::task_arena arena(n);
    arena.execute(std::forward<Body>(body));
}

}  // namespace pantheon::util
