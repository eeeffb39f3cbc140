#!/usr/bin/env bash
# Cluster integration test on a real single-node Slurm started on this
# machine: munged, slurmctld and slurmd run from a temporary directory with
# their own configuration (nothing in /etc is changed), as root.
#
#   scripts/setup.sh --with-slurm      # once: slurmctld, slurmd, munge
#   scripts/slurm_test.sh [build/release/pantheon]
#
# It submits a small self-play array and a small match array with the scripts
# of configs/slurm/, waits, merges, and checks that the merged self-play data
# equals an unsharded run (chunk by chunk and the merged file) and that the
# merged match table equals the sum of its shards (and the unsharded match).
# Then `pantheon pipeline --cluster slurm` runs a generation's self-play as an
# array, whose data must equal a local pipeline's (training is not needed for
# that step; until `pantheon train` exists the pipeline stops after it).
# Then one task of such an array is cancelled (scancel) mid-shard: the
# pipeline retries that shard alone and its data, and the rescoring array's
# files, still equal a local run's, and the run's CPU ledger holds the
# tasks' CPU. Then the node is drained before a
# pipeline's arrays: they wait, and once it is resumed the generation's data
# equals a local run's.
# Exit 0 passed, 1 failed, 77 skipped (no Slurm or not root).
set -euo pipefail

cd "$(dirname "$0")/.."
REPO=$(pwd)
BIN=${1:-${PANTHEON:-build/release/pantheon}}

source scripts/slurm_cluster.sh
if ! slurm_check; then
    echo "slurm_test: skipped" >&2
    exit 77
fi
if [[ ! -x "$BIN" ]]; then
    echo "slurm_test: no pantheon binary at $BIN (build first)" >&2
    exit 1
fi

T=$(mktemp -d /tmp/pantheon-slurm-test.XXXXXX)
chmod 755 "$T"
cleanup() {
    local status=$?
    slurm_stop
    if [[ $status -eq 0 && -z "${KEEP:-}" ]]; then rm -rf "$T"; else echo "slurm_test: files kept in $T"; fi
}
trap cleanup EXIT

cp "$BIN" "$T/pantheon"   # a rebuild during the test cannot change the binary
PANTHEON=$T/pantheon
mkdir -p "$T/out"

step() { echo "== $*"; }
fail() { echo "slurm_test: FAILED: $*" >&2; exit 1; }

step "slurmctld and slurmd on $(hostname -s) ($(nproc) CPUs)"
slurm_start "$T" || fail "Slurm did not start"
sinfo

submit() {  # sbatch --wait with a common output pattern; prints the job id
    sbatch --wait --parsable --cpus-per-task=1 --mem-per-cpu=200M \
        --output="$T/out/%x-%A_%a.out" "$@"
}

# ---- self-play: 3 shards against one unsharded run ----
cat > "$T/selfplay.toml" <<CONF
[selfplay]
chunk-games = 4
nodes = 300
random-plies-min = 2
random-plies-max = 6
threads = 1
CONF
step "self-play unsharded"
"$PANTHEON" selfplay --config "$T/selfplay.toml" --games 24 --seed 5 --out "$T/sp-local" --progress false
"$PANTHEON" data merge --out "$T/sp-local.pgd" "$T/sp-local" >/dev/null

step "self-play array of 3 tasks"
export PANTHEON SELFPLAY_CONFIG=$T/selfplay.toml GAMES=24 OUT=$T/sp-slurm SEED=5
mkdir -p runs/slurm
jid=$(submit --array=0-2 configs/slurm/selfplay.sbatch)
echo "array job $jid done"
submit --dependency=afterok:"$jid" --export=ALL,STEP=merge configs/slurm/selfplay.sbatch >/dev/null
for f in "$T"/sp-local/chunk-*.pgd; do
    cmp "$f" "$T/sp-slurm/$(basename "$f")" || fail "chunk $(basename "$f") differs from the unsharded run"
done
[[ $(ls "$T"/sp-slurm/chunk-*.pgd | wc -l) -eq $(ls "$T"/sp-local/chunk-*.pgd | wc -l) ]] ||
    fail "chunk counts differ"
cmp "$T/sp-local.pgd" "$T/sp-slurm.pgd" || fail "merged self-play data differs from the unsharded run"
echo "self-play: $(ls "$T"/sp-slurm/chunk-*.pgd | wc -l) chunks and the merged file equal the unsharded run"
sha256sum "$T/sp-local.pgd" "$T/sp-slurm.pgd" | sed "s|$T/||"

# ---- match: 3 shards, merged table against the sum of the shards ----
cat > "$T/match.toml" <<CONF
[match]
engine = ["name=deep nodes=600", "name=shallow nodes=150"]
rounds = 6
openings-plies = 4
openings-check-depth = 2
max-plies = 120
CONF
step "match unsharded"
(cd "$T" && "$PANTHEON" match --config "$T/match.toml" --pgn "$T/m-local.pgn" \
    --summary "$T/m-local.json" --progress false >/dev/null)
step "match array of 3 tasks"
export MATCH_CONFIG=$T/match.toml OUT=$T/m-slurm
jid=$(submit --array=0-2 configs/slurm/match.sbatch)
echo "array job $jid done"
submit --dependency=afterok:"$jid" --export=ALL,STEP=merge configs/slurm/match.sbatch >/dev/null
python3 - "$T" <<'PY'
import json, sys
t = sys.argv[1]
shards = [json.load(open(f"{t}/m-slurm/shard-{k}.json")) for k in (0, 1, 2)]
merged = json.load(open(f"{t}/m-slurm/match.json"))
local = json.load(open(f"{t}/m-local.json"))
def table(j):
    p = j["pairings"][0]
    return [p["wins"], p["losses"], p["draws"]] + list(p["pentanomial"])
total = [sum(x) for x in zip(*(table(s) for s in shards))]
print("shards W/L/D + pentanomial:", [table(s) for s in shards])
print("sum of shards:", total, " merged:", table(merged), " unsharded:", table(local))
if table(merged) != total:
    sys.exit("merged match table differs from the sum of its shards")
if merged["games"] != sum(s["games"] for s in shards):
    sys.exit("merged game count differs from the shards'")
if table(merged) != table(local):
    sys.exit("merged match table differs from the unsharded match")
PY
echo "match: merged table equals the sum of its shards and the unsharded run"

# check_pipeline NAME STATUS: the Slurm pipeline in $T/NAME (output in
# $T/NAME.out) recorded its self-play and failed, if at all, no earlier than
# training.
check_pipeline() {
    local name=$1 status=$2
    cat "$T/$name.out"
    [[ -f "$T/$name/steps/gen-0000.selfplay.done" ]] || fail "the self-play array of $name did not finish"
    if [[ $status -ne 0 ]] && ! grep -q "step gen-0.train failed" "$T/$name.out"; then
        fail "pipeline $name failed before training (status $status)"
    fi
}

# same_as_local NAME SETTINGS...: the same generation run by a local
# pipeline gives the self-play chunks of $T/NAME, and its rescored files
# where it rescores, byte for byte, no more and no fewer; prints their number.
same_as_local() {
    local name=$1 n=0 dir
    shift
    "$PANTHEON" pipeline --dir "$T/$name-local" --generations 1 "$@" >/dev/null 2>&1 || true
    for dir in gen-0 gen-0-rescored; do
        [[ -d "$T/$name-local/data/$dir" ]] || continue
        for f in "$T/$name-local/data/$dir"/chunk-*.pgd; do
            [[ -f "$f" ]] || fail "the local pipeline of $name wrote no data in $dir"
            cmp "$f" "$T/$name/data/$dir/$(basename "$f")" || fail "$name's $dir on Slurm differs from a local run"
            n=$((n + 1))
        done
        [[ $(ls "$T/$name/data/$dir"/chunk-*.pgd | wc -l) -eq $(ls "$T/$name-local/data/$dir"/chunk-*.pgd | wc -l) ]] ||
            fail "$name's $dir has other files than a local run's"
    done
    echo "$n"
}

# ---- the pipeline submitting a generation's self-play as an array ----
step "pipeline --cluster slurm (self-play step as an array), killed once and restarted"
LOOP_SETTINGS=(--games 24 --chunk-games 4 --nodes 300 --random-plies-min 2 --random-plies-max 6
    --threads 1)
LOOP=("$PANTHEON" pipeline --dir "$T/loop" --cluster slurm --shards 3 --generations 1
    "${LOOP_SETTINGS[@]}" --sbatch-args=--cpus-per-task=1 --sbatch-args=--mem-per-cpu=200M)
"${LOOP[@]}" >"$T/loop-killed.out" 2>&1 &
loop_pid=$!
sleep 3
kill -9 "$loop_pid" 2>/dev/null || true
wait "$loop_pid" 2>/dev/null || true
echo "killed the pipeline after 3 s; jobs then: $(squeue -h -o '%i %j %T' | tr '\n' ';')"
set +e
"${LOOP[@]}" >"$T/loop.out" 2>&1
status=$?
set -e
check_pipeline loop "$status"
n=$(same_as_local loop "${LOOP_SETTINGS[@]}")
echo "pipeline: $n self-play chunks from the Slurm array equal a local run's"

# ---- a task cancelled mid-shard: the pipeline retries that shard alone ----
# (4000 nodes: a shard of 16 games lasts seconds, long enough to be cut.)
# The generation is rescored too, as an array whose files must equal a local
# rescoring's.
step "pipeline --cluster slurm with one array task cancelled mid-shard, rescoring as an array"
RETRY_SETTINGS=(--games 48 --chunk-games 4 --nodes 4000 --random-plies-min 2 --random-plies-max 6
    --threads 1 --rescore-nodes 600)
RETRY=("$PANTHEON" pipeline --dir "$T/retry" --cluster slurm --shards 3 --generations 1
    "${RETRY_SETTINGS[@]}" --step-retries 2 --retry-pause-seconds 1
    --sbatch-args=--cpus-per-task=1 --sbatch-args=--mem-per-cpu=200M)
"${RETRY[@]}" >"$T/retry.out" 2>&1 &
retry_pid=$!
task=""
for _ in $(seq 600); do  # up to 60 s for task 1 of the self-play array to run
    task=$(squeue -h -t RUNNING -o '%i %j' | awk '$2 ~ /gen-0\.selfplay/ && $1 ~ /_1$/ {print $1}')
    [[ -n "$task" ]] && break
    sleep 0.1
done
[[ -n "$task" ]] || fail "task 1 of the pipeline's self-play array never ran"
sleep 0.5  # its shard takes seconds at these nodes: cancelled mid-way
scancel "$task"
echo "cancelled array task $task"
set +e
wait "$retry_pid"
status=$?
set -e
check_pipeline retry "$status"
grep -q "retrying its 1 missing shard" "$T/retry.out" || fail "the cancelled shard was not retried alone"
# The tasks' CPU reaches the run's ledger (the submitting processes spend
# milliseconds of it).
ls "$T"/retry/slurm/gen-0.selfplay.cpu-* >/dev/null 2>&1 || fail "the self-play tasks wrote no CPU files"
cpu=$(awk -F'\t' '$1 == 0 && $2 == "selfplay" {s += $3} END {printf "%.2f", s}' "$T/retry/cpu.tsv")
awk -v c="$cpu" 'BEGIN {exit !(c >= 1.0)}' ||
    fail "the ledger holds $cpu CPU-seconds of self-play: the tasks' CPU is missing"
echo "pipeline: the ledger counts the array tasks' CPU ($cpu CPU-seconds of self-play)"
[[ -f "$T/retry/results/gen-0.rescore.shard-2.json" ]] || fail "the rescoring did not run as an array"
n=$(same_as_local retry "${RETRY_SETTINGS[@]}")
[[ $n -eq 24 ]] || fail "expected 12 self-play and 12 rescored files, found $n"
echo "pipeline: a cancelled task's shard was retried alone; $n self-play and rescored files equal a local run's"
# ---- the node drained: the arrays wait for it, then run ----
# A drained node takes no new task; the pipeline's sbatch --wait waits, and
# once the node is resumed the generation ends as a local run's.
step "pipeline --cluster slurm on a drained node, resumed after 5 s"
DRAIN_SETTINGS=(--games 12 --chunk-games 4 --nodes 300 --random-plies-min 2 --random-plies-max 6
    --threads 1)
scontrol update nodename="$SLURM_HOST" state=drain reason=slurm_test
"$PANTHEON" pipeline --dir "$T/drain" --cluster slurm --shards 3 --generations 1 \
    "${DRAIN_SETTINGS[@]}" --retry-pause-seconds 1 \
    --sbatch-args=--cpus-per-task=1 --sbatch-args=--mem-per-cpu=200M >"$T/drain.out" 2>&1 &
drain_pid=$!
pending=0
for _ in $(seq 300); do  # up to 30 s for the self-play array to be queued
    pending=$(squeue -h -t PENDING -o '%j' | grep -c 'gen-0\.selfplay' || true)
    [[ $pending -gt 0 ]] && break
    sleep 0.1
done
[[ $pending -gt 0 ]] || fail "the self-play array was not queued on the drained node"
sleep 5
[[ -z $(squeue -h -t RUNNING -o '%i') ]] || fail "a task ran on the drained node"
kill -0 "$drain_pid" 2>/dev/null || { cat "$T/drain.out"; fail "the pipeline stopped while the node was drained"; }
compgen -G "$T/drain/data/gen-0/chunk-*.pgd" >/dev/null && fail "self-play wrote data on the drained node"
echo "node drained for 5 s: the array waited ($(squeue -h -o '%i %T %r' | head -1))"
scontrol update nodename="$SLURM_HOST" state=resume
set +e
wait "$drain_pid"
status=$?
set -e
check_pipeline drain "$status"
[[ $status -eq 0 ]] || fail "the pipeline on the resumed node ended with status $status"
n=$(same_as_local drain "${DRAIN_SETTINGS[@]}")
[[ $n -eq 3 ]] || fail "expected 3 self-play files, found $n"
echo "pipeline: after the drained node was resumed, its $n self-play files equal a local run's"
# ---- a shard that fails every try: the run stops naming it ----
# Task 1 of every self-play array the pipeline submits is cancelled as soon
# as it is queued, try after try; shards 0 and 2 finish (the drained case's
# small games).
step "pipeline --cluster slurm with a shard that fails every try"
"$PANTHEON" pipeline --dir "$T/fail" --cluster slurm --shards 3 --generations 1 \
    "${DRAIN_SETTINGS[@]}" --step-retries 1 --retry-pause-seconds 1 \
    --sbatch-args=--cpus-per-task=1 --sbatch-args=--mem-per-cpu=200M >"$T/fail.out" 2>&1 &
fail_pid=$!
while kill -0 "$fail_pid" 2>/dev/null; do
    for job in $(squeue -h -o '%F %j' | awk '$2 ~ /gen-0\.selfplay/ {print $1}' | sort -u); do
        scancel "${job}_1" 2>/dev/null || true
    done
    sleep 0.05
done
set +e
wait "$fail_pid"
status=$?
set -e
fail_out() { cat "$T/fail.out"; fail "$1"; }
[[ $status -eq 1 ]] || fail_out "the pipeline with a failing shard ended with status $status, not 1"
grep -q "retrying its 1 missing shard" "$T/fail.out" || fail_out "the failing shard was not retried alone"
grep -q "failed after 2 tries" "$T/fail.out" || fail_out "no message after the last try"
grep -Eq "shard 1/3: .*; see " "$T/fail.out" || fail_out "the message does not name shard 1/3 and its log"
[[ -f "$T/fail/results/gen-0.selfplay.shard-0.json" && -f "$T/fail/results/gen-0.selfplay.shard-2.json" ]] ||
    fail "the healthy shards left no results"
echo "pipeline: a shard failing every try stopped the run: $(grep -A1 'failed after' "$T/fail.out" | tail -1 | sed 's/^ *//')"
echo "slurm_test: PASSED"
