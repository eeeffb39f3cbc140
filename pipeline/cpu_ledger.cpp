#include "pipeline/cpu_ledger.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "util/append_file.h"
#include "util/atomic_file.h"
#include "util/text_file.h"

namespace pantheon::pipeline {

double children_cpu_seconds() {
    rusage u{};
    if (::getrusage(RUSAGE_CHILDREN, &u) != 0) return 0;
    const auto seconds = [](const timeval& t) {
        return double(t.tv_sec) + double(t.tv_usec) * 1e-6;
    };
    return seconds(u.ru_utime) + seconds(u.ru_stime);
}

namespace {

std::string ledger_line(int gen, Step step, double seconds) {
    char line[96];
    const int n = std::snprintf(line, sizeof line, "%d\t%s\t%.3f\t", gen, step_name(step), seconds);
    return std::string(line, size_t(n)) + ledger_machine() + "\n";
}

// The CPU model /proc/cpuinfo names first, "" where it names none.
std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("model name", 0) != 0) continue;
        const size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        const size_t start = line.find_first_not_of(' ', colon + 1);
        return start == std::string::npos ? "" : line.substr(start);
    }
    return "";
}

void append_line(const RunDir& run, const std::string& line) {
    std::string error;
    if (!util::append_to_file(run.cpu_ledger().string(), line, &error))
        throw std::runtime_error(error);
}

struct ProcessCpu {
    long pid = 0, parent = 0;
    double seconds = 0;  // its own and its reaped children's
};

// /proc/PID/stat: the fields after the command's closing parenthesis are
// state, ppid, ... utime (14th field), stime, cutime, cstime, in clock ticks.
bool read_process_cpu(const std::string& pid, ProcessCpu& out) {
    std::ifstream in("/proc/" + pid + "/stat");
    std::string stat;
    if (!std::getline(in, stat)) return false;
    const size_t close = stat.rfind(')');
    if (close == std::string::npos) return false;
    std::istringstream fields(stat.substr(close + 1));
    std::string state;
    long parent = 0;
    fields >> state >> parent;
    std::string skip;
    for (int i = 5; i < 14; ++i) fields >> skip;
    unsigned long long ticks[4] = {};
    for (auto& t : ticks) fields >> t;
    if (!fields) return false;
    out.pid = std::stol(pid);
    out.parent = parent;
    out.seconds = double(ticks[0] + ticks[1] + ticks[2] + ticks[3]) / double(::sysconf(_SC_CLK_TCK));
    return true;
}

}  // namespace

double live_descendants_cpu_seconds() {
    std::multimap<long, ProcessCpu> by_parent;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        ProcessCpu p;
        if (read_process_cpu(name, p)) by_parent.emplace(p.parent, p);  // gone meanwhile: skipped
    }
    // Down the tree from this process; a pid is visited once even if reused.
    double seconds = 0;
    std::vector<long> open{long(::getpid())};
    std::set<long> seen;
    while (!open.empty()) {
        const long parent = open.back();
        open.pop_back();
        if (!seen.insert(parent).second) continue;
        const auto [first, last] = by_parent.equal_range(parent);
        for (auto it = first; it != last; ++it) {
            seconds += it->second.seconds;
            open.push_back(it->second.pid);
        }
    }
    return seconds;
}

namespace {

std::string read_machine_name() {
    char host[256] = {};
    if (::gethostname(host, sizeof host - 1) != 0 || host[0] == '\0') std::strcpy(host, "unknown");
    const std::string model = cpu_model();
    std::string name = model.empty() ? std::string(host) : std::string(host) + " (" + model + ")";
    for (char& c : name)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return name;
}

}  // namespace

std::string ledger_machine() {
    // Read once: every ledger line and each minute's checkpoint name it.
    static const std::string name = read_machine_name();
    return name;
}

void append_cpu(const RunDir& run, int gen, Step step, double seconds) {
    std::error_code ec;
    std::filesystem::remove(run.cpu_checkpoint(), ec);  // first: a kill now loses, never doubles
    append_line(run, ledger_line(gen, step, seconds));
}

void checkpoint_cpu(const RunDir& run, int gen, Step step, double seconds) {
    std::string error;
    if (!util::write_file_atomically(run.cpu_checkpoint().string(),
                                     ledger_line(gen, step, seconds), &error))
        throw std::runtime_error(error);
}

bool settle_cpu_checkpoint(const RunDir& run) {
    std::string line, error;
    if (!std::filesystem::exists(run.cpu_checkpoint())) return false;
    if (!util::read_text_file(run.cpu_checkpoint().string(), line, &error))
        throw std::runtime_error(error);
    std::filesystem::remove(run.cpu_checkpoint());
    if (!line.empty() && line.back() != '\n') line += '\n';
    append_line(run, line);
    return true;
}

CpuLedger read_cpu_ledger(const RunDir& run) {
    CpuLedger out;
    std::ifstream in(run.cpu_ledger());
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string gen_field, step;
        double seconds = -1;
        if (!(fields >> gen_field >> step >> seconds) || seconds < 0) continue;
        // The machine is the rest of the line after the third tab.
        std::string machine;
        if (fields.get() == '\t') std::getline(fields, machine);
        if (gen_field == "-" && step == INITIAL_NET_ENTRY) {
            out.initial_net_seconds += seconds;
            out.seconds_by_machine[machine] += seconds;
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
                out.seconds_by_machine[machine] += seconds;
            }
    }
    return out;
}

}  // namespace pantheon::pipeline
