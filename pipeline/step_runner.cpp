#include "pipeline/step_runner.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "pipeline/run_dir.h"
#include "pipeline/step_results.h"
#include "util/subprocess.h"
#include "util/text_hash.h"
#include "util/unique_fd.h"

namespace pantheon::pipeline {

namespace {

constexpr auto POLL_INTERVAL = std::chrono::milliseconds(200);
// The status of a step that could not be started, as a shell gives it.
constexpr int EXIT_CANNOT_START = 127;
// A shell's status of a process killed by signal N is this plus N.
constexpr int SIGNAL_STATUS_BASE = 128;

// "1,3,4": an sbatch --array list.
std::string array_list(const std::vector<int>& shards) {
    std::string out;
    for (int k : shards) {
        if (!out.empty()) out += ',';
        out += std::to_string(k);
    }
    return out;
}

// The job id of the last "Submitted batch job N" line of a log after its
// first `from` bytes, "" if none.
std::string last_submitted_job(const std::string& log, std::streamoff from) {
    std::ifstream in(log);
    in.seekg(from);
    std::string id;
    const std::string prefix = "Submitted batch job ";
    for (std::string line; std::getline(in, line);)
        if (line.rfind(prefix, 0) == 0) id = line.substr(prefix.size());
    while (!id.empty() && (id.back() == ' ' || id.back() == '\r')) id.pop_back();
    return id;
}

}  // namespace

std::vector<int> StepJob::shards() const {
    if (!only_shards.empty()) return only_shards;
    std::vector<int> all;
    for (int k = 0; k < array_tasks; ++k) all.push_back(k);
    return all;
}

std::string task_log_path(const StepJob& job, int shard) {
    return job.log.substr(0, job.log.rfind(".log")) + ".task-" + std::to_string(shard) + ".log";
}

std::string exit_cause(int status) {
    if (status > SIGNAL_STATUS_BASE && status < SIGNAL_STATUS_BASE + NSIG) {
        const int sig = status - SIGNAL_STATUS_BASE;
        return "killed by signal " + std::to_string(sig) + " (" + ::strsignal(sig) + ")";
    }
    return "exit status " + std::to_string(status);
}

int run_process(const std::string& program, const Args& args, const std::string& log,
                const std::function<void()>& tick) {
    util::UniqueFd log_fd(::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
    if (!log_fd) throw std::runtime_error("cannot open log " + log);
    util::SpawnSpec spec;
    spec.program = program;
    spec.args = args;
    spec.in = util::StreamTarget::null();
    spec.out = spec.err = util::StreamTarget::descriptor(log_fd.get());
    // A killed pipeline never leaves a step writing behind it.
    spec.parent_death_signal = SIGTERM;
    std::string error;
    const pid_t pid = util::spawn(spec, &error);
    if (pid < 0) {
        // Told in the step's log and failed as a shell fails a missing command.
        const std::string line = "error: " + error + "\n";
        [[maybe_unused]] const ssize_t n = ::write(log_fd.get(), line.data(), line.size());
        return EXIT_CANNOT_START;
    }
    log_fd.reset();  // the step has its own copy
    int status = 0;
    for (;;) {
        const pid_t r = ::waitpid(pid, &status, WNOHANG);
        if (r == pid) break;
        if (r < 0 && errno != EINTR) throw std::runtime_error("lost the step process");
        try {
            if (tick) tick();
        } catch (...) {
            // The pipeline is stopping: the step stops too (it resumes later).
            ::kill(pid, SIGTERM);
            ::waitpid(pid, &status, 0);
            throw;
        }
        std::this_thread::sleep_for(POLL_INTERVAL);
    }
    return util::exit_code(status);
}

int LocalRunner::run(const StepJob& job, const std::function<void()>& tick) {
    return run_process(binary_, job.args, job.log, tick);
}

std::string shell_quote(const std::string& word) {
    std::string out = "'";
    for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string SlurmRunner::job_name(const StepJob& job) const {
    // The run directory's hash keeps the names of different runs apart.
    const uint64_t h = util::text_hash(script_dir_);
    char tag[24];
    std::snprintf(tag, sizeof tag, "%08llx", static_cast<unsigned long long>(h >> 32));
    return "pantheon-" + job.name + "-" + tag;
}

namespace {

// The shell functions that write a task's CPU to $CPU_FILE for the ledger:
// record_cpu once the command has ended, sample_cpu PID while it runs,
// stop_sampler before the last figure.
std::string cpu_accounting_functions(double sample_seconds) {
    std::string s;
    // (Losing the figure must not fail the task.)
    s += "record_cpu() { { times > \"$CPU_FILE.tmp\" && mv \"$CPU_FILE.tmp\" \"$CPU_FILE\"; } "
         "|| true; }\n";
    // While the command runs, its CPU so far in clock ticks replaces the file
    // every few seconds, so a try killed outright (SIGKILL alone, a node
    // lost) still counts its work up to the last sample. The sample sums the
    // command's whole process tree from /proc (each process's own time and
    // its reaped children's, the fields after the name), so the engines a
    // match still runs count too (the walk of cpu_ledger.h's
    // live_descendants_cpu_seconds, in the shell: the script samples
    // whatever command it runs, from outside it). The sampler ends with the
    // command, so a script killed alone leaves no sampler behind.
    s += "tree_ticks() { { cat /proc/[0-9]*/stat 2>/dev/null || true; } | awk -v root=\"$1\" "
         "'{ match($0, /.*\\) /); split(substr($0, RLENGTH + 1), f, \" \"); "
         "parent[$1] = f[2]; t[$1] = f[12] + f[13] + f[14] + f[15] } "
         "END { if (!(root in t)) exit 1; n = 1; q[1] = root; seen[root] = 1; "
         "for (i = 1; i <= n; i++) { total += t[q[i]]; for (p in parent) "
         "if (parent[p] == q[i] && !(p in seen)) { seen[p] = 1; q[++n] = p } } "
         "print \"ticks\", total }'; }\n";
    s += "sample_cpu() { while sleep " + format_number(sample_seconds) +
         " && kill -0 \"$1\" 2>/dev/null; do { tree_ticks \"$1\" > \"$CPU_FILE.tmp\" && "
         "mv \"$CPU_FILE.tmp\" \"$CPU_FILE\"; } 2>/dev/null || true; done; }\n";
    // The sampler ends before the last figure is written.
    s += "stop_sampler() { [ -z \"${sampler:-}\" ] || { kill \"$sampler\"; "
         "wait \"$sampler\"; } 2>/dev/null || true; }\n";
    return s;
}

}  // namespace

std::string SlurmRunner::command_line(const StepJob& job) const {
    std::string cmd = shell_quote(binary_);
    for (const std::string& a : job.args) {
        std::string q = shell_quote(a);
        // The shard placeholder becomes the task's shard K (0-based, as --shard K/N).
        for (size_t p; (p = q.find(SHARD_PLACEHOLDER)) != std::string::npos;)
            q.replace(p, std::string(SHARD_PLACEHOLDER).size(), "'\"$SHARD\"'");
        cmd += " " + q;
    }
    return cmd;
}

std::string SlurmRunner::script(const StepJob& job) const {
    std::string s = "#!/bin/bash\n";
    s += "#SBATCH --job-name=" + job_name(job) + "\n";
    const std::string log_base = job.log.substr(0, job.log.rfind(".log"));
    if (job.array_tasks > 0) {
        s += "#SBATCH --array=" + array_list(job.shards()) + "\n";
        s += "#SBATCH --output=" + log_base + ".task-%a.log\n";
        // A preempted or node-failed task is requeued and resumes its shard;
        // its log keeps the output of every try.
        s += "#SBATCH --requeue\n";
        s += "#SBATCH --open-mode=append\n";
    } else {
        s += "#SBATCH --output=" + log_base + ".job.log\n";
    }
    s += "# Written by `pantheon pipeline`; resubmitting it redoes only unfinished work.\n";
    s += "set -euo pipefail\n";
    // The array index is the shard, whichever shards a submission holds.
    s += "SHARD=${SLURM_ARRAY_TASK_ID:-0}\n";
    // The command's CPU (bash's `times`: the shell's, then its children's
    // user and system time) for the pipeline's ledger, one file per try.
    s +=
        "CPU_FILE=" + shell_quote(cpu_file_prefix(job)) +
        "\"${SLURM_ARRAY_JOB_ID:-${SLURM_JOB_ID:-0}}.task-$SHARD.try-${SLURM_RESTART_COUNT:-0}\"\n";
    s += cpu_accounting_functions(cpu_sample_seconds);
    // A time limit or a preemption sends SIGTERM to the script and the
    // command alike, SIGKILL only later: the trap waits for the command, so
    // a task ended that way still counts all its CPU.
    s += "trap 'stop_sampler; [ -z \"${pid:-}\" ] || wait \"$pid\" || true; record_cpu; exit 143' "
         "TERM\n";
    s += "status=0\n";
    s += command_line(job) + " &\n";
    s += "pid=$!\n";
    s += "sample_cpu \"$pid\" &\n";
    s += "sampler=$!\n";
    s += "wait \"$pid\" || status=$?\n";
    s += "stop_sampler\n";
    s += "record_cpu\n";
    return s + "exit $status\n";
}

std::string SlurmRunner::cpu_file_prefix(const StepJob& job) const {
    return script_dir_ + "/" + job.name + ".cpu-";
}

namespace {

// "1m2.500s" -> 62.5; negative when it is not such a time.
double bash_time_seconds(const std::string& t) {
    const size_t m = t.find('m');
    if (m == std::string::npos || t.back() != 's') return -1;
    try {
        return std::stod(t.substr(0, m)) * 60 + std::stod(t.substr(m + 1, t.size() - m - 2));
    } catch (const std::exception&) {
        return -1;
    }
}

}  // namespace

double SlurmRunner::remote_cpu_seconds(const StepJob& job) {
    if (last_job_id_.empty()) return 0;
    const std::string prefix =
        std::filesystem::path(cpu_file_prefix(job) + last_job_id_ + ".task-").filename().string();
    double seconds = 0;
    std::error_code ec;
    const double ticks_per_second = double(::sysconf(_SC_CLK_TCK));
    for (const auto& entry : std::filesystem::directory_iterator(script_dir_, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(prefix, 0) != 0 || name.find(".tmp") != std::string::npos) continue;
        std::ifstream in(entry.path());
        std::string first;
        if (!(in >> first)) continue;
        if (first == "ticks") {
            // A running (or killed) try's last sample.
            double ticks = 0;
            if (in >> ticks && ticks >= 0 && ticks_per_second > 0)
                seconds += ticks / ticks_per_second;
            continue;
        }
        // The second line of `times`: the command's user and system time.
        std::string shell_system, user, system;
        if (!(in >> shell_system >> user >> system)) continue;
        const double u = bash_time_seconds(user), s = bash_time_seconds(system);
        if (u >= 0 && s >= 0) seconds += u + s;
    }
    return seconds;
}

int SlurmRunner::run(const StepJob& job, const std::function<void()>& tick) {
    std::filesystem::create_directories(script_dir_);
    const std::string path = script_dir_ + "/" + job.name + ".sbatch";
    write_file_atomically(path, script(job));
    // A job left running by a killed pipeline would write beside the new one.
    run_process("scancel", {"--name=" + job_name(job)}, job.log, nullptr);
    last_job_id_.clear();  // until this submission's id is known
    // Only what this submission appends to the log names its job.
    std::error_code ec;
    const auto size = std::filesystem::file_size(job.log, ec);
    const std::streamoff submitted_from = ec ? 0 : std::streamoff(size);
    Args args = {"--wait"};  // prints "Submitted batch job N": the progress shown meanwhile
    args.insert(args.end(), sbatch_args_.begin(), sbatch_args_.end());
    args.push_back(path);
    // The id is known once sbatch prints it, so the CPU of the tasks that
    // have ended counts in the running step's checkpoint.
    const auto learning_tick = [&] {
        if (last_job_id_.empty()) last_job_id_ = last_submitted_job(job.log, submitted_from);
        if (tick) tick();
    };
    const int status = run_process("sbatch", args, job.log, learning_tick);
    last_job_id_ = last_submitted_job(job.log, submitted_from);
    return status;
}

std::string SlurmRunner::shard_state(const StepJob& job, int shard) {
    if (last_job_id_.empty()) return "";
    const std::string out = script_dir_ + "/" + job.name + ".sacct";
    std::filesystem::remove(out);
    // One line per task: "JOB_K|STATE|EXIT:SIGNAL"; fails without accounting.
    if (run_process("sacct", {"-j", last_job_id_, "-X", "-n", "-P", "-o", "JobID,State,ExitCode"},
                    out, nullptr) != 0)
        return "";
    std::ifstream in(out);
    const std::string task = last_job_id_ + "_" + std::to_string(shard);
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string id, state, exit;
        std::getline(fields, id, '|');
        std::getline(fields, state, '|');
        std::getline(fields, exit, '|');
        if (id != task || state.empty()) continue;
        return "Slurm state " + state + (exit.empty() ? "" : ", exit code " + exit);
    }
    return "";
}

std::string self_executable() {
    std::error_code ec;
    const auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) throw std::runtime_error("cannot find the running executable (/proc/self/exe)");
    return p.string();
}

}  // namespace pantheon::pipeline
