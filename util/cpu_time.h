// CPU time of the calling thread and of the whole process. On a shared
// machine a phase's wall-clock time depends on the load; its CPU time much
// less, so benchmarks report both.
#pragma once

#include <chrono>
#include <ctime>

namespace pantheon::util {

inline double cpu_clock_seconds(clockid_t clock) {
    timespec t{};
    clock_gettime(clock, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}
inline double thread_cpu_seconds() {
    return cpu_clock_seconds(CLOCK_THREAD_CPUTIME_ID);
}
inline double process_cpu_seconds() {
    return cpu_clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
}

// Wall and process CPU seconds of a phase, added to running totals.
class PhaseTimer {
  public:
    PhaseTimer() { restart(); }
    void restart() {
        wall_ = std::chrono::steady_clock::now();
        cpu_ = process_cpu_seconds();
    }
    void add_to(double& wall_seconds, double& cpu_seconds) const {
        wall_seconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_).count();
        cpu_seconds += process_cpu_seconds() - cpu_;
    }

  private:
    std::chrono::steady_clock::time_point wall_;
    double cpu_ = 0;
};

}  // namespace pantheon::util
