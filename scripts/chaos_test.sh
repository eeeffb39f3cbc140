#!/usr/bin/env bash
# Chaos, measured: a short pipeline run once undisturbed, then N times while
# random processes are killed at random moments, restarted with the same
# command each time it dies until it finishes; each disturbed run's artifacts
# must equal the undisturbed run's (scripts/chaos_digest.py says which).
#
#   scripts/chaos_test.sh [-n RUNS] [-m local|slurm|both] [-s SEED] [-f FAULTS]
#                         [-b PANTHEON] [-k]
#
# -n disturbed runs per mode (default 10), -m mode (default local), -s seed of
# the random choices (default 1), -f most faults per run (default 4), -b the
# binary (default build/release/pantheon), -k keep the run directories.
#
# Faults, chosen at random among those that have a target at that moment:
#   pipeline-kill   kill -9 of the pipeline (its steps die with it)
#   pipeline-term   SIGTERM: the pipeline stops its step and exits 3
#   step-kill       kill -9 of the running step (self-play, rescoring,
#                   training, match or the games page); the pipeline retries it
#   engine-kill     an engine of the gate match dies with its match (the match
#                   is stopped first, so it cannot score the cut game as a
#                   disconnect); the step's retry replays that game
#   task-cancel     (slurm) scancel of a queued or running array task
#   node-drain      (slurm) the node drained for a few seconds, then resumed
# An engine killed alone is not tried: by design it loses its game
# (docs/MATCH.md), so the games would rightly differ from the undisturbed run.
#
# Prints each fault, each run's starts and result, and "N passed, N failed";
# exits non-zero on any difference. The timing of the faults depends on the
# machine's load, the choices only on the seed.
set -uo pipefail

cd "$(dirname "$0")/.."
REPO=$(pwd)
RUNS=10 MODE=local SEED=1 MAX_FAULTS=4 BIN=build/release/pantheon KEEP=""
while getopts "n:m:s:f:b:k" opt; do
    case $opt in
        n) RUNS=$OPTARG ;;
        m) MODE=$OPTARG ;;
        s) SEED=$OPTARG ;;
        f) MAX_FAULTS=$OPTARG ;;
        b) BIN=$OPTARG ;;
        k) KEEP=1 ;;
        *) sed -n '2,13p' "$0"; exit 2 ;;
    esac
done
[[ -x "$BIN" ]] || { echo "chaos_test: no pantheon binary at $BIN (build first)" >&2; exit 2; }
case $MODE in local) MODES=(local) ;; slurm) MODES=(slurm) ;; both) MODES=(local slurm) ;;
    *) echo "chaos_test: mode must be local, slurm or both" >&2; exit 2 ;; esac

T=$(mktemp -d /tmp/pantheon-chaos.XXXXXX)
cp "$BIN" "$T/pantheon"   # a rebuild during the test cannot change the binary
PANTHEON=$T/pantheon
# The nets' lineage carries a date: fixed, so that whole runs compare.
export SOURCE_DATE_EPOCH=1700000000
RANDOM=$SEED

source "$REPO/scripts/slurm_cluster.sh"
cleanup() {
    local status=$?
    local pid
    for pid in $(jobs -p); do kill -9 "$pid" 2>/dev/null; done
    slurm_stop
    if [[ $status -eq 0 && -z "$KEEP" ]]; then rm -rf "$T"; else echo "chaos_test: files kept in $T"; fi
}
trap cleanup EXIT

# Two generations with rescoring: every step runs twice, training writes
# checkpoints on the way and the gate plays a few games, all in seconds.
SETTINGS=(--generations 2 --games 8 --chunk-games 2 --nodes 200 --random-plies-min 2
    --random-plies-max 6 --threads 1 --rescore-nodes 300
    --train-batch-size 64 --train-max-epochs 2 --train-checkpoint-every 4
    --gate-rounds 3 --gate-nodes 200 --gate-max-plies 80 --gate-openings-plies 4
    --concurrency 1 --step-retries 2 --retry-pause-seconds 1)
SLURM_SETTINGS=(--cluster slurm --shards 3 --sbatch-args=--cpus-per-task=1
    --sbatch-args=--mem-per-cpu=200M)

MAX_STARTS=40   # a run that needs more starts than this counts as failed
passed=0 failed=0 total_faults=0 total_starts=0

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# The pipeline command of a run directory in a mode.
pipeline_cmd() {  # pipeline_cmd DIR MODE
    local extra=()
    [[ $2 == slurm ]] && extra=("${SLURM_SETTINGS[@]}")
    echo "$PANTHEON" pipeline --dir "$1" "${SETTINGS[@]}" "${extra[@]}"
}

# Targets of each fault at this moment, one pid (or Slurm id) per line.
steps_of() { pgrep -P "$1" 2>/dev/null; }
gate_matches_of() {
    local step
    for step in $(steps_of "$1"); do
        tr '\0' ' ' <"/proc/$step/cmdline" 2>/dev/null | grep -q ' match ' && echo "$step"
    done
}
# Array tasks queued or running: a tiny shard runs for under a second, so
# most of an array's life is in the queue (a pending array is one id, 12_[0-2]).
array_tasks() { squeue -h -t RUNNING,PENDING -o '%i' 2>/dev/null | grep '_' ; }

# Random choices are made in this shell, never in a $(...) subshell, whose
# draws would not advance the seeded sequence.
pick() {  # pick WORDS...: sets PICKED to one of them at random, or to nothing
    PICKED=""
    [[ $# -gt 0 ]] || return 0
    PICKED=${@:$((RANDOM % $# + 1)):1}
}

# Injects one fault of a random kind among those that have a target at this
# moment; sets FAULT to what it did.
inject() {  # inject PIPELINE_PID MODE
    local pid=$1 mode=$2 kinds=(pipeline-kill pipeline-term) steps matches tasks
    local kind target match pause
    steps=$(steps_of "$pid")
    matches=$(gate_matches_of "$pid")
    [[ -n "$steps" ]] && kinds+=(step-kill)
    # The gate is a short part of the run: its engines are picked twice as
    # often while it plays, or they would hardly ever be hit; so are array
    # tasks.
    [[ -n "$matches" ]] && kinds+=(engine-kill engine-kill)
    if [[ $mode == slurm ]]; then
        tasks=$(array_tasks)
        [[ -n "$tasks" ]] && kinds+=(task-cancel task-cancel)
        kinds+=(node-drain)
    fi
    pick "${kinds[@]}"
    kind=$PICKED
    case $kind in
        pipeline-kill) kill -9 "$pid" 2>/dev/null; target=$pid ;;
        pipeline-term) kill -TERM "$pid" 2>/dev/null; target=$pid ;;
        step-kill)
            pick $steps
            target=$PICKED
            kill -9 "$target" 2>/dev/null ;;
        engine-kill)
            pick $matches
            match=$PICKED
            pick $(pgrep -P "$match")
            target="${PICKED:-none yet} of match $match"
            kill -STOP "$match" 2>/dev/null
            [[ -n "$PICKED" ]] && kill -9 "$PICKED" 2>/dev/null
            kill -9 "$match" 2>/dev/null ;;
        task-cancel)
            pick $tasks
            target=$PICKED
            scancel "$target" ;;
        node-drain)
            pause=$((1 + RANDOM % 4))
            scontrol update nodename="$SLURM_HOST" state=drain reason=chaos
            sleep "$pause"
            scontrol update nodename="$SLURM_HOST" state=resume
            target="$SLURM_HOST for ${pause}s" ;;
    esac
    FAULT="$kind $target"
}

# Runs the pipeline in DIR to the end under FAULTS random faults spread over
# SPAN seconds; prints the faults; sets STARTS (pipeline starts) and INJECTED
# (faults injected before the run finished).
disturbed_run() {  # disturbed_run DIR MODE FAULTS SPAN
    local dir=$1 mode=$2 faults=$3 span=$4 times=() i pid status start t next=0 log
    for ((i = 0; i < faults; i++)); do
        times+=("$(awk -v r=$RANDOM -v s="$span" 'BEGIN { printf "%.2f", 0.3 + r / 32768 * s }')")
    done
    mapfile -t times < <(printf '%s\n' "${times[@]}" | sort -g)
    STARTS=0 INJECTED=0
    start=$(now)
    while true; do
        STARTS=$((STARTS + 1))
        log="$dir.start-$STARTS.log"
        $(pipeline_cmd "$dir" "$mode") >"$log" 2>&1 &
        pid=$!
        # (stderr of the loop and of wait: bash's "Killed" notices of the job)
        while kill -0 "$pid" 2>/dev/null; do
            t=$(elapsed "$start")
            if [[ $next -lt ${#times[@]} ]] && awk -v t="$t" -v f="${times[$next]}" 'BEGIN { exit !(t >= f) }'; then
                inject "$pid" "$mode"
                echo "    t=${t}s $FAULT"
                next=$((next + 1))
                INJECTED=$((INJECTED + 1))
            fi
            sleep 0.1
        done 2>/dev/null
        wait "$pid" 2>/dev/null
        status=$?
        [[ $status -eq 0 ]] && break
        echo "    start $STARTS ended with status $status ($(grep -m1 -E '^error' "$log" | cut -c1-120))"
        if [[ $STARTS -ge $MAX_STARTS ]]; then
            return 1
        fi
        sleep 0.2
    done
}

for mode in "${MODES[@]}"; do
    if [[ $mode == slurm ]]; then
        if ! slurm_check; then echo "chaos_test: no Slurm here, slurm mode skipped"; continue; fi
        slurm_start "$T/cluster" || { echo "chaos_test: Slurm did not start" >&2; exit 1; }
    fi
    echo "== $mode: undisturbed reference"
    ref=$T/$mode-reference
    t0=$(now)
    $(pipeline_cmd "$ref" "$mode") >"$ref.log" 2>&1 || { cat "$ref.log"; echo "chaos_test: the reference run failed" >&2; exit 1; }
    ref_seconds=$(elapsed "$t0")
    python3 "$REPO/scripts/chaos_digest.py" "$PANTHEON" "$ref" >"$ref.digest"
    echo "   ${ref_seconds}s, $(grep -c '^data' "$ref.digest") data files, $(grep -c '^net' "$ref.digest") nets, $(grep '^pgn' "$ref.digest" | awk '{s += $3} END {print s}') gate games"
    mode_t0=$(now)
    mode_faults=0 mode_starts=0 mode_passed=0
    for ((run = 1; run <= RUNS; run++)); do
        dir=$T/$mode-run-$run
        faults=$((1 + RANDOM % MAX_FAULTS))
        echo "== $mode run $run: $faults faults"
        t0=$(now)
        # Faults spread over one and a half undisturbed runs: the restarts make
        # a disturbed run longer, so its end sees some too.
        if disturbed_run "$dir" "$mode" "$faults" "$(awk -v s="$ref_seconds" 'BEGIN { print 1.5 * s }')"; then
            python3 "$REPO/scripts/chaos_digest.py" "$PANTHEON" "$dir" >"$dir.digest"
            if diff "$ref.digest" "$dir.digest" >"$dir.diff"; then
                result=identical; passed=$((passed + 1)); mode_passed=$((mode_passed + 1))
            else
                result="DIFFERS (see $dir.diff)"; failed=$((failed + 1)); KEEP=1
                cut -c1-200 "$dir.diff"
            fi
        else
            result="NOT FINISHED after $STARTS starts"; failed=$((failed + 1)); KEEP=1
        fi
        mode_faults=$((mode_faults + INJECTED)) mode_starts=$((mode_starts + STARTS))
        echo "   run $run: $INJECTED faults, $STARTS starts, $(elapsed "$t0")s: $result"
        [[ -z "$KEEP" ]] && rm -rf "$dir" "$dir".*
    done
    total_faults=$((total_faults + mode_faults)) total_starts=$((total_starts + mode_starts))
    echo "== $mode: $RUNS runs, $mode_faults faults, $mode_starts starts, $mode_passed identical, $(elapsed "$mode_t0")s"
    [[ $mode == slurm ]] && slurm_stop
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
