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
