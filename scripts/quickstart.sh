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

    # A small self-play -> data -> match run on the built-in defaults; the
    # full-size settings live in configs/selfplay.toml and configs/match.toml.
    local run_dir="$REPO_ROOT/runs/quickstart"
    rm -rf "$run_dir"
    mkdir -p "$run_dir"
    step "Main job: self-play (64 games, 1000 nodes per move, 2 threads)"
    "$PANTHEON" selfplay --games 64 --chunk-games 32 --nodes 1000 --threads 2 --seed 1 \
        --out "$run_dir/selfplay"
    step "Main job: data verify and stats"
    "$PANTHEON" data verify "$run_dir/selfplay"
    "$PANTHEON" data stats "$run_dir/selfplay"
    local book=()
    [[ -f "$SHARED_DIR/openings/mansindam-book.epd" ]] &&
        book=(--openings "$SHARED_DIR/openings/mansindam-book.epd")
    step "Main job: match, depth 4 against depth 2 (20 games)"
    "$PANTHEON" match --engine "name=depth4 depth=4" --engine "name=depth2 depth=2" \
        --rounds 10 --concurrency 2 "${book[@]}" \
        --pgn "$run_dir/match.pgn" --summary "$run_dir/match.json"
}

main_job
step "Done. The binary is $PANTHEON; see README.md for its subcommands."
