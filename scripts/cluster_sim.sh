#!/usr/bin/env bash
# A cluster generation in simulation on the single-node Slurm of
# scripts/slurm_cluster.sh: one pipeline generation of TASKS tiny self-play
# shards (one game each) and as many gating shards, run three ways:
#   local     the pipeline on this machine, no Slurm (the reference);
#   few       --cluster slurm with FEW shards;
#   many      --cluster slurm with TASKS shards.
# Both Slurm runs must give the local run's artifacts (chaos_digest.py: data
# bytes, nets' parameters, gate game sets, elo.tsv). The submitting node's
# CPU (the pipeline and everything it waits for: sbatch, training, merges,
# the report; not the array tasks, which Slurm starts) of the two Slurm runs
# differs only by the number of shards, so their difference over the extra
# shards is the submitting node's overhead per shard. Figures in
# docs/CLUSTER.md.
#
#   scripts/cluster_sim.sh [-t TASKS] [-f FEW] [-b PANTHEON] [-k]
#
# Exit 0 passed, 1 failed, 77 skipped (no Slurm or not root).
set -uo pipefail

cd "$(dirname "$0")/.."
REPO=$(pwd)
TASKS=256 FEW=8 BIN=build/release/pantheon KEEP=""
while getopts "t:f:b:k" opt; do
    case $opt in
        t) TASKS=$OPTARG ;;
        f) FEW=$OPTARG ;;
        b) BIN=$OPTARG ;;
        k) KEEP=1 ;;
        *) sed -n '2,17p' "$0"; exit 2 ;;
    esac
done
[[ -x "$BIN" ]] || { echo "cluster_sim: no pantheon binary at $BIN (build first)" >&2; exit 2; }
source scripts/slurm_cluster.sh
slurm_check || { echo "cluster_sim: skipped" >&2; exit 77; }

T=$(mktemp -d /tmp/pantheon-cluster-sim.XXXXXX)
cleanup() {
    local status=$?
    slurm_stop
    if [[ $status -eq 0 && -z "$KEEP" ]]; then rm -rf "$T"; else echo "cluster_sim: files kept in $T"; fi
}
trap cleanup EXIT
cp "$BIN" "$T/pantheon"
PANTHEON=$T/pantheon
export SOURCE_DATE_EPOCH=1700000000
# Many virtual CPUs: the tiny tasks run side by side instead of two at a
# time, as on a cluster of many nodes.
export SLURM_NODE_CPUS=${SLURM_NODE_CPUS:-64}
slurm_start "$T/cluster" || { echo "cluster_sim: Slurm did not start" >&2; exit 1; }

# One game per shard at few nodes: the tasks are as short as they can be,
# so what is measured is the machinery around them.
SETTINGS=(--generations 1 --games "$TASKS" --chunk-games 1 --nodes 100 --random-plies-min 2
    --random-plies-max 6 --threads 1
    --train-batch-size 256 --train-max-steps 20
    --gate-rounds 4 --gate-nodes 100 --gate-max-plies 60 --gate-openings-plies 4
    --concurrency 1 --retry-pause-seconds 5)
SLURM=(--cluster slurm --sbatch-args=--cpus-per-task=1 --sbatch-args=--mem-per-cpu=100M)

# CPU seconds a daemon of the cluster has used so far (the controller's cost
# on a real cluster, not the submitting node's).
daemon_cpu() {  # daemon_cpu PIDFILE
    awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / hz }' "/proc/$(cat "$1")/stat"
}

# run NAME ARGS...: runs the pipeline into $T/NAME; sets CPU (seconds of the
# submitting node) and WALL.
TIMEFORMAT="%U %S %R"
run() {
    local name=$1 ctld0 slurmd0
    shift
    ctld0=$(daemon_cpu "$T/cluster/slurmctld.pid") slurmd0=$(daemon_cpu "$T/cluster/slurmd.pid")
    { time "$PANTHEON" pipeline --dir "$T/$name" "${SETTINGS[@]}" "$@" >"$T/$name.out" 2>&1; } 2>"$T/$name.time" ||
        { tail -20 "$T/$name.out"; echo "cluster_sim: the $name run failed" >&2; exit 1; }
    read -r user sys WALL <"$T/$name.time"
    CPU=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    python3 "$REPO/scripts/chaos_digest.py" "$PANTHEON" "$T/$name" >"$T/$name.digest"
    echo "$name: ${WALL}s wall, ${CPU}s CPU on the submitting node, $(grep -c '^data' "$T/$name.digest") data files," \
        "$(find "$T/$name" -type f | wc -l) files in all; slurmctld $(awk -v a="$ctld0" -v b="$(daemon_cpu "$T/cluster/slurmctld.pid")" 'BEGIN { printf "%.2f", b - a }')s CPU," \
        "slurmd $(awk -v a="$slurmd0" -v b="$(daemon_cpu "$T/cluster/slurmd.pid")" 'BEGIN { printf "%.2f", b - a }')s CPU"
}

status=0
run local
run few "${SLURM[@]}" --shards "$FEW"
few_cpu=$CPU few_wall=$WALL
run many "${SLURM[@]}" --shards "$TASKS"
many_cpu=$CPU many_wall=$WALL
for name in few many; do
    if diff -q "$T/local.digest" "$T/$name.digest" >/dev/null; then
        echo "$name: artifacts equal the local run's"
    else
        echo "$name: artifacts DIFFER from the local run's"; diff "$T/local.digest" "$T/$name.digest" | head
        status=1
    fi
done
# The array tasks of each step, as the pipeline's job scripts asked for them.
for step in selfplay gate; do
    echo "$step array of the many run: $(grep -h '^#SBATCH --array' "$T/many/slurm/gen-0.$step.sbatch" | cut -c1-60)"
done
awk -v fc="$few_cpu" -v mc="$many_cpu" -v fw="$few_wall" -v mw="$many_wall" -v f="$FEW" -v m="$TASKS" 'BEGIN {
    printf "submitting node per extra shard (two arrays: self-play and gate): %.1f ms CPU, %.0f ms wall\n",
        1000 * (mc - fc) / (m - f), 1000 * (mw - fw) / (m - f) }'
exit $status
