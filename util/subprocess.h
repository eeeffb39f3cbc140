// Starting a program as a child process: the one place that forks. Everything
// the child needs (argument array, program path, open descriptors) is made
// before fork; after it the child makes only async-signal-safe calls before
// exec, as a multi-threaded parent requires (another thread may hold the
// allocator's lock at the instant of the fork). posix_spawn cannot set the
// parent-death signal both callers want, hence a fork of our own.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace pantheon::util {

// Where one of the child's standard streams goes.
struct StreamTarget {
    enum class Kind {
        Inherit,     // the parent's own stream
        Null,        // /dev/null
        Descriptor,  // an open descriptor of the parent (it stays the parent's to close)
        AppendFile,  // a file, created if missing, written at its end
    };
    Kind kind = Kind::Inherit;
    int fd = -1;       // Descriptor
    std::string path;  // AppendFile

    static StreamTarget inherit() { return {}; }
    static StreamTarget null() { return {Kind::Null, -1, {}}; }
    static StreamTarget descriptor(int fd) { return {Kind::Descriptor, fd, {}}; }
    static StreamTarget append_to(std::string path) {
        return {Kind::AppendFile, -1, std::move(path)};
    }
};

struct SpawnSpec {
    std::string program;            // a path, or a name looked up in PATH when it has no '/'
    std::vector<std::string> args;  // the arguments after the program name
    std::string working_dir;        // empty: the parent's
    StreamTarget in, out, err;
    // The child leads a process group of its own, so a signal to the
    // parent's group (Ctrl-C at the terminal) does not reach it and the
    // whole group can be killed at once.
    bool own_process_group = false;
    // Sent to the child when the thread that started it ends (the parent
    // dying included, even by kill -9); 0: none.
    int parent_death_signal = 0;
};

// Starts the program. The child starts with no blocked signals and SIGPIPE
// at its default; every descriptor not named in the spec is closed at exec
// (the project opens all of its own with O_CLOEXEC). Returns its pid, or -1
// with *error saying why, whether the parent could not prepare the start or
// the child could not exec (the child is then already reaped).
pid_t spawn(const SpawnSpec& spec, std::string* error);

// A waitpid status as a shell writes it: the exit code, or 128 + the signal.
int exit_code(int wait_status);
// A waitpid status in words: "exited with code 3", "killed by signal 9 (Killed)".
std::string describe_exit(int wait_status);

}  // namespace pantheon::util
