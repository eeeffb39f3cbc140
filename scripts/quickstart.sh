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

    # The training loop, small: two generations of self-play -> train -> gate
    # (configs/quickstart.toml, a few minutes on 2 cores). It ends with a
    # summary (positions, final loss, the new net's Elo against the
    # hand-crafted evaluation) and writes runs/quickstart/report.html. Run
    # again, it continues where it stopped.
    local run_dir="$REPO_ROOT/runs/quickstart"
    step "Main job: pantheon pipeline --config configs/quickstart.toml --dir $run_dir"
    "$PANTHEON" pipeline --config configs/quickstart.toml --dir "$run_dir"
    step "Main job: data verify and stats (generation 0's self-play)"
    "$PANTHEON" data verify "$run_dir/data/gen-0"
    "$PANTHEON" data stats "$run_dir/data/gen-0"
}

main_job
step "Done. The binary is $PANTHEON; see README.md for its subcommands."
