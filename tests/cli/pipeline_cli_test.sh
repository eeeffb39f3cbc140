#!/usr/bin/env bash
# `pantheon pipeline` command line: the shipped configs parse, bad settings and
# an unknown option exit non-zero with a message, nothing is left behind; the
# former argument-string keys are refused naming their replacement; a
# training key reaches the trainer; --help shows the steps' own defaults; a
# run's state exports and imports.
#   pipeline_cli_test.sh PANTHEON REPO CASE
set -uo pipefail
BIN=$1
REPO=$2
CASE=$3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

expect() {  # expect STATUS PATTERN command...
    local want=$1 pattern=$2
    shift 2
    "$@" >"$T/out" 2>&1
    local got=$?
    if [[ $got -ne $want ]] || ! grep -q -- "$pattern" "$T/out"; then
        echo "expected status $want and '$pattern', got $got:"
        cat "$T/out"
        exit 1
    fi
}

tiny_run_toml() {  # a one-generation run of a few games, as $T/run.toml
    cat >"$T/run.toml" <<'TOML'
[pipeline]
generations = 1
games = 4
chunk-games = 4
nodes = 100
random-plies-min = 2
random-plies-max = 6
threads = 1
train-batch-size = 64
train-max-steps = 3
train-lr = 0.002
train-lr-schedule = "step"
gate-rounds = 1
gate-nodes = 100
gate-max-plies = 40
gate-openings-plies = 4
concurrency = 1
TOML
}

case "$CASE" in
    configs)
        # Every shipped file parses; a zero generation count is refused after parsing.
        for cfg in pipeline quickstart loop pandemonium-loop pandemonium-net builtin-net; do
            expect 2 "generations must be" "$BIN" pipeline --config "$REPO/configs/$cfg.toml" \
                --dir "$T/run-$cfg" --generations 0
        done
        ;;
    bad_option)
        expect 2 "cluster: must be one of local, slurm, not 'pbs'" "$BIN" pipeline --dir "$T/run" \
            --cluster pbs
        expect 2 "train-lr-schedule: must be one of constant, step, cosine" "$BIN" pipeline \
            --dir "$T/run" --train-lr-schedule linear
        expect 2 "train-batch-size" "$BIN" pipeline --dir "$T/run" --train-batch-size many
        expect 2 "step-retries must be" "$BIN" pipeline --dir "$T/run" --step-retries -1
        expect 2 "--no-such-option" "$BIN" pipeline --dir "$T/run" --no-such-option
        ;;
    help)
        expect 0 "allow-config-change" "$BIN" pipeline --help
        # The defaults are the steps' own: self-play's search, the trainer's
        # settings (the same values `selfplay --help` and `train --help` show).
        "$BIN" pipeline --help >"$T/pipeline" 2>&1
        "$BIN" selfplay --help >"$T/selfplay" 2>&1
        "$BIN" train --help >"$T/train" 2>&1
        for pattern in "--nodes UINT=5000" "--hash INT=16" "--cluster TEXT:{local,slurm}=local"; do
            grep -q -- "$pattern" "$T/pipeline" || { echo "pipeline --help lacks '$pattern'"; exit 1; }
        done
        grep -q -- "--nodes UINT=5000" "$T/selfplay" || { echo "selfplay --help lacks --nodes=5000"; exit 1; }
        for setting in "lr FLOAT=0.001" "lr-schedule TEXT:{constant,step,cosine}=cosine" \
            "batch-size INT=16384" "lambda-end FLOAT=1"; do
            grep -q -- "--train-$setting" "$T/pipeline" || { echo "pipeline --help lacks --train-$setting"; exit 1; }
            grep -q -- "--$setting" "$T/train" || { echo "train --help lacks --$setting"; exit 1; }
        done
        ;;
    retired_keys)
        # The argument strings of earlier versions are refused, not ignored,
        # with the keys that replace them.
        printf '[pipeline]\ntrain-args = ["--max-epochs", "4"]\n' >"$T/args.toml"
        expect 2 "train-args is no longer read: .*train-max-epochs = 4" "$BIN" pipeline \
            --config "$T/args.toml" --dir "$T/run"
        printf '[pipeline]\ntrain-config = "configs/train.toml"\n' >"$T/config.toml"
        expect 2 "train-config is no longer read: .*train-lambda-end" "$BIN" pipeline \
            --config "$T/config.toml" --dir "$T/run"
        expect 2 "train-args is no longer read" "$BIN" pipeline --dir "$T/run" --train-args=--lr
        [[ ! -e "$T/run" ]] || { echo "a refused start left $T/run"; exit 1; }
        ;;
    train_keys)
        # A one-generation run whose training keys come from the config file
        # (and one from the command line): the net's lineage records them as
        # the recipe the trainer ran.
        tiny_run_toml
        "$BIN" pipeline --config "$T/run.toml" --dir "$T/run" --train-lambda-end 0.5 \
            >"$T/out" 2>&1 || { echo "the run failed:"; cat "$T/out"; exit 1; }
        "$BIN" net info --json "$T/run/nets/gen-0.nnue" >"$T/info" 2>&1 || { cat "$T/info"; exit 1; }
        for pattern in '"lr_schedule": "step"' '"lr": 0.002' '"lambda_end": 0.5' \
            '"batch_size": 64' '"max_steps": 3'; do
            grep -q "$pattern" "$T/info" || { echo "the lineage lacks $pattern:"; cat "$T/info"; exit 1; }
        done
        grep -q "^train_lr_schedule = step$" "$T/run/pipeline-settings.txt" ||
            { echo "the recorded settings lack the schedule:"; cat "$T/run/pipeline-settings.txt"; exit 1; }
        ;;
    state)
        # A finished run exported without its data and imported elsewhere
        # (pipeline/run_state.h); what is not a run or not a state is refused.
        tiny_run_toml
        "$BIN" pipeline --config "$T/run.toml" --dir "$T/run" >"$T/out" 2>&1 ||
            { echo "the run failed:"; cat "$T/out"; exit 1; }
        # The ledger names the machine `pipeline-state machine` prints, and
        # the report says where the CPU was counted.
        machine="$("$BIN" pipeline-state machine)"
        [[ -n "$machine" ]] || { echo "pipeline-state machine printed nothing"; exit 1; }
        grep -qF "$(printf '\t%s' "$machine")" "$T/run/cpu.tsv" ||
            { echo "the ledger does not name $machine:"; cat "$T/run/cpu.tsv"; exit 1; }
        if [[ "$machine" != *[\&\<\>\"\']* ]]; then
            grep -qF "CPU counted on $machine." "$T/run/report.html" ||
                { echo "the report does not name $machine"; exit 1; }
        fi
        expect 0 "exported 1 finished generation" "$BIN" pipeline-state export --dir "$T/run" \
            --out "$T/state"
        [[ ! -e "$T/state/data" ]] || { echo "the state holds the run's data"; exit 1; }
        expect 0 "imported 1 finished generation" "$BIN" pipeline-state import --state "$T/state" \
            --dir "$T/moved"
        expect 0 "pipeline: " "$BIN" pipeline --config "$T/run.toml" --dir "$T/moved"
        expect 1 "exists and is not empty" "$BIN" pipeline-state import --state "$T/state" \
            --dir "$T/moved"
        expect 1 "not a pipeline run directory" "$BIN" pipeline-state export --dir "$T" \
            --out "$T/none"
        expect 1 "not an exported run state" "$BIN" pipeline-state import --state "$T/run" \
            --dir "$T/other"
        expect 2 "--out is required" "$BIN" pipeline-state export --dir "$T/run"
        [[ ! -e "$T/none" && ! -e "$T/other" ]] || { echo "a refusal left files"; exit 1; }
        ;;
    *)
        echo "unknown case $CASE"
        exit 1
        ;;
esac
echo "pipeline cli $CASE: ok"
