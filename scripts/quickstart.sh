#!/usr/bin/env bash
# First command on a fresh Debian 12 machine: installs missing packages,
# builds the Release binary (build/release/pantheon) and runs the main job.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$REPO_ROOT"

step "Dependencies"
bash scripts/setup.sh

step "Configure and build (Release, $JOBS jobs)"
cmake --preset release
cmake --build --preset release --target pantheon -j "$JOBS"
PANTHEON="$REPO_ROOT/build/release/pantheon"

# The main job. For now an engine demo: the rules core checked against the
# reference perft suite, then its speed. It becomes the self-play -> train ->
# match pipeline as those parts land.
main_job() {
    local suite="$SHARED_DIR/reference/mansindam-perft.tsv"
    if [[ -f "$suite" ]]; then
        step "Main job: perft suite $suite"
        "$PANTHEON" perft --suite "$suite"
    else
        step "Main job: start-position perft (no suite at $suite)"
        "$PANTHEON" perft --depth 4
    fi
    step "Main job: perft speed (pantheon bench perft)"
    "$PANTHEON" bench perft
}

main_job
step "Done. The binary is $PANTHEON; see README.md for its subcommands."
