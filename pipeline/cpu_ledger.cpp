#include "pipeline/cpu_ledger.h"

#include <sys/resource.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "util/append_file.h"

namespace pantheon::pipeline {

double children_cpu_seconds() {
    rusage u{};
    if (::getrusage(RUSAGE_CHILDREN, &u) != 0) return 0;
    const auto seconds = [](const timeval& t) {
        return double(t.tv_sec) + double(t.tv_usec) * 1e-6;
    };
    return seconds(u.ru_utime) + seconds(u.ru_stime);
}

void append_cpu(const RunDir& run, int gen, Step step, double seconds) {
    char line[96];
    const int n = std::snprintf(line, sizeof line, "%d\t%s\t%.3f\n", gen, step_name(step), seconds);
    std::string error;
    if (!util::append_to_file(run.cpu_ledger().string(), std::string_view(line, size_t(n)), &error))
        throw std::runtime_error(error);
}

CpuLedger read_cpu_ledger(const RunDir& run) {
    CpuLedger out;
    std::ifstream in(run.cpu_ledger());
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string gen_field, step;
        double seconds = -1;
        if (!(fields >> gen_field >> step >> seconds) || seconds < 0) continue;
        if (gen_field == "-" && step == INITIAL_NET_ENTRY) {
            out.initial_net_seconds += seconds;
            continue;
        }
        char* end = nullptr;
        const long gen = std::strtol(gen_field.c_str(), &end, 10);
        if (*end != '\0' || end == gen_field.c_str() || gen < 0 || gen > INT32_MAX) continue;
        for (size_t i = 0; i < std::size(ALL_STEPS); ++i)
            if (step == step_name(ALL_STEPS[i])) {
                auto [it, fresh] = out.generations.try_emplace(int(gen));
                if (fresh) it->second.fill(0);
                it->second[i] += seconds;
            }
    }
    return out;
}

}  // namespace pantheon::pipeline
