#!/usr/bin/env bash
# Second command: builds and runs the whole test suite, twice.
#   1. Release build, every test (CTest preset "release").
#   2. ASan + UBSan build (clang), the unit tests with the deepest reference
#      perft counts left out (CTest preset "sanitize": PANTHEON_PERFT_MAX_DEPTH=3,
#      label "long" excluded).
#   3. The libFuzzer targets of that same tree (scripts/fuzz.sh --build-dir:
#      one clang build serves the sanitizer tests and the fuzzing), each run
#      from its seeds for PANTHEON_CI_FUZZ_SECONDS (default 20); a crash,
#      sanitizer report or hang fails.
# Exits non-zero if a build, any test or a fuzz target fails. .ci/run runs
# exactly this.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$REPO_ROOT"
started=$SECONDS

step "Dependencies"
bash scripts/setup.sh

if [[ ! -d "$SHARED_DIR" ]]; then
    echo "note: $SHARED_DIR not found; tests that read reference files will be skipped"
fi

status=0
run_preset() {
    local preset="$1"
    step "Configure and build: $preset ($JOBS jobs)"
    cmake --preset "$preset"
    cmake --build --preset "$preset" -j "$JOBS"
    step "Tests: $preset"
    if ! ctest --preset "$preset" -j "$JOBS"; then
        echo "FAILED: tests of preset $preset"
        status=1
    fi
}

run_preset release
# Sanitizer reports abort the test process, so a report is a failed test.
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
run_preset sanitize

step "Fuzz targets"
if ! bash scripts/fuzz.sh "${PANTHEON_CI_FUZZ_SECONDS:-20}" --build-dir build/sanitize; then
    echo "FAILED: fuzz targets (crash inputs in build/sanitize/crashes)"
    status=1
fi

step "Summary"
elapsed=$((SECONDS - started))
if [[ $status -eq 0 ]]; then
    echo "all tests passed (release, sanitize and fuzz targets) in $((elapsed / 60)) min $((elapsed % 60)) s"
else
    echo "some tests FAILED (see above); $((elapsed / 60)) min $((elapsed % 60)) s"
fi
exit $status
