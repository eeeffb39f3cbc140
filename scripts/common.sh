# Shared by the scripts in this directory (sourced, not run): repository root,
# build parallelism and step banners.
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Read-only data (reference perft, openings) beside the repository.
SHARED_DIR="${PANTHEON_SHARED_DIR:-$REPO_ROOT/../shared}"
# Parallel build and test jobs: PANTHEON_JOBS, else every core.
JOBS="${PANTHEON_JOBS:-$(nproc 2>/dev/null || echo 2)}"

step() {
    printf '\n==> %s\n' "$*"
}

# Sets CHILDREN_CPU_SECONDS to the CPU seconds (user + system) of every
# finished child process of this shell, from bash's `times` (its second line,
# "0m1.234s 0m0.100s"). `times` runs here, not in a subshell: a subshell's
# children are not this shell's.
measure_children_cpu() {
    local report
    report="$(mktemp)"
    times >"$report"
    CHILDREN_CPU_SECONDS="$(awk 'NR == 2 {
        s = 0
        for (i = 1; i <= 2; ++i) { gsub(",", ".", $i); split($i, t, /[ms]/); s += t[1] * 60 + t[2] }
        printf "%.3f\n", s }' "$report")"
    rm -f "$report"
}
