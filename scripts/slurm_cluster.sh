# Sourced, not run: starts a single-node Slurm on this machine from a
# temporary directory with its own configuration (nothing in /etc is
# changed), as root: munged, slurmctld and slurmd. Used by slurm_test.sh,
# chaos_test.sh and cluster_sim.sh.
#
#   source scripts/slurm_cluster.sh
#   slurm_check || exit 77          # Slurm installed and root?
#   slurm_start DIR                  # exports SLURM_CONF, sets SLURM_HOST
#   ...
#   slurm_stop                       # cancels jobs, stops the daemons
# SLURM_NODE_CPUS (default: the machine's) is the CPUs the node offers to
# jobs: more than it has lets many tiny array tasks run at once.
SLURM_PIDS=()

slurm_check() {  # 0 when Slurm can be started here; else says why
    local tool
    for tool in slurmctld slurmd munged sbatch sinfo scontrol squeue scancel; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            echo "$tool is missing; install with scripts/setup.sh --with-slurm" >&2
            return 1
        fi
    done
    if [[ $(id -u) -ne 0 ]]; then
        echo "slurmd needs root" >&2
        return 1
    fi
}

slurm_start() {  # slurm_start DIR: the cluster's files under DIR
    local t=$1 cpus mem_mb state=""
    SLURM_HOST=$(hostname -s)
    cpus=${SLURM_NODE_CPUS:-$(nproc)}
    mem_mb=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2 ))
    mkdir -p "$t/state" "$t/spool" "$t/munge"
    chmod 755 "$t"
    dd if=/dev/urandom of="$t/munge/munge.key" bs=1024 count=1 status=none
    chmod 700 "$t/munge"
    chmod 400 "$t/munge/munge.key"
    munged --foreground --force --socket="$t/munge/munge.socket" --key-file="$t/munge/munge.key" \
        --pid-file="$t/munge/munged.pid" --log-file="$t/munge/munged.log" \
        --seed-file="$t/munge/munged.seed" >"$t/munge/munged.out" 2>&1 &
    SLURM_PIDS+=($!)
    for _ in $(seq 50); do [[ -S "$t/munge/munge.socket" ]] && break; sleep 0.1; done
    if [[ ! -S "$t/munge/munge.socket" ]]; then
        echo "munged did not start ($(cat "$t/munge/munged.log" 2>/dev/null))" >&2
        return 1
    fi
    cat > "$t/slurm.conf" <<CONF
ClusterName=pantheontest
SlurmctldHost=$SLURM_HOST
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$t/munge/munge.socket
CredType=cred/munge
SlurmctldPort=16817
SlurmdPort=16818
StateSaveLocation=$t/state
SlurmdSpoolDir=$t/spool
SlurmctldPidFile=$t/slurmctld.pid
SlurmdPidFile=$t/slurmd.pid
SlurmctldLogFile=$t/slurmctld.log
SlurmdLogFile=$t/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SlurmdTimeout=60
SlurmdParameters=config_overrides
MaxArraySize=${SLURM_MAX_ARRAY:-1001}
MaxJobCount=${SLURM_MAX_JOBS:-10000}
NodeName=$SLURM_HOST CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=test Nodes=$SLURM_HOST Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
    touch "$t/cgroup.conf"
    export SLURM_CONF=$t/slurm.conf
    slurmctld -D -i -f "$SLURM_CONF" >"$t/slurmctld.out" 2>&1 &
    SLURM_PIDS+=($!)
    slurmd -D -f "$SLURM_CONF" -N "$SLURM_HOST" >"$t/slurmd.out" 2>&1 &
    SLURM_PIDS+=($!)
    for _ in $(seq 60); do
        state=$(sinfo -h -n "$SLURM_HOST" -o %T 2>/dev/null || true)
        [[ "$state" == idle* ]] && return 0
        sleep 1
    done
    echo "node not idle (state '$state'); see $t/slurmctld.log $t/slurmd.log" >&2
    return 1
}

slurm_stop() {
    local pid
    # Only a cluster started here: a SLURM_CONF from the environment may be a
    # real cluster's, whose jobs are not ours to cancel.
    [[ ${#SLURM_PIDS[@]} -gt 0 ]] || return 0
    scancel --user="$(id -un)" >/dev/null 2>&1 || true
    for pid in "${SLURM_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${SLURM_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    SLURM_PIDS=()
}
