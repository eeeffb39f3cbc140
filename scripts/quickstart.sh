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

# The main job: the rules core checked against the reference perft suite and
# its speed, then the training loop at small scale, ending with what it
# gained and what a long run of it made.
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

    # The training loop, small (a few minutes on 2 cores). First a seed: a
    # net trained on 400 games of the hand-crafted engine. Then one
    # generation of the loop (configs/quickstart.toml): games by the seed,
    # the seed fine-tuned on them, the result gated against the seed at fixed
    # nodes. Every step resumes where it stopped when run again.
    local seed_dir="$REPO_ROOT/runs/quickstart-seed"
    local run_dir="$REPO_ROOT/runs/quickstart"
    step "Main job: the seed net (400 hand-crafted games, then pantheon train)"
    measure_children_cpu
    local cpu_before="$CHILDREN_CPU_SECONDS"
    "$PANTHEON" selfplay --games 400 --chunk-games 100 --nodes 1000 --seed 3 \
        --threads "$JOBS" --out "$seed_dir/data"
    if [[ ! -f "$seed_dir/seed.nnue" ]]; then
        "$PANTHEON" train --data "$seed_dir/data" --out "$seed_dir/seed.nnue" \
            --batch-size 1024 --max-epochs 20 --threads "$JOBS"
    fi
    # The seed is part of what the run cost: each attempt's CPU goes into the
    # seed's ledger, and the run's ledger (pipeline/cpu_ledger.h) holds every
    # line of it, so the report's Elo per CPU-hour counts the seed even when
    # the run starts afresh from a seed made earlier.
    measure_children_cpu
    local attempt machine entry=$'-\tinitial-net\t'
    attempt="$(awk -v a="$cpu_before" -v b="$CHILDREN_CPU_SECONDS" 'BEGIN { printf "%.3f", b - a }')"
    machine="$("$PANTHEON" pipeline-state machine)"
    printf '%s%s\t%s\n' "$entry" "$attempt" "$machine" >>"$seed_dir/cpu.tsv"
    mkdir -p "$run_dir"
    if grep -q "^$entry" "$run_dir/cpu.tsv" 2>/dev/null; then
        printf '%s%s\t%s\n' "$entry" "$attempt" "$machine" >>"$run_dir/cpu.tsv"
    else
        grep "^$entry" "$seed_dir/cpu.tsv" >>"$run_dir/cpu.tsv"
    fi
    step "Main job: pantheon pipeline --config configs/quickstart.toml --dir $run_dir"
    "$PANTHEON" pipeline --config configs/quickstart.toml --dir "$run_dir"
    step "What a long run makes: the built-in nets against Fairy-Stockfish (docs/NETS.md)"
    print_builtin_strength
}

# The rows of nnue/nets/strength.tsv, one sentence each.
print_builtin_strength() {
    awk -F'\t' '!/^#/ && $1 != "net" {
        printf "  %s: %s against %s (%s games, %s-%s-%s, %s), Elo %s +- %s, measured %s\n",
               $1, $9, $3, $5, $6, $7, $8, $4, $10, $11, $12 }' nnue/nets/strength.tsv
}

main_job
step "Done. The binary is $PANTHEON; see README.md for its subcommands."
