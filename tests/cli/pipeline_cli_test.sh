#!/usr/bin/env bash
# `pantheon pipeline` command line: the shipped configs parse, bad settings and
# an unknown option exit non-zero with a message, nothing is left behind.
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

case "$CASE" in
    configs)
        # Both shipped files parse; a zero generation count is refused after parsing.
        for cfg in pipeline quickstart; do
            expect 2 "generations must be" "$BIN" pipeline --config "$REPO/configs/$cfg.toml" \
                --dir "$T/run-$cfg" --generations 0
        done
        ;;
    bad_option)
        expect 2 "cluster must be" "$BIN" pipeline --dir "$T/run" --cluster pbs
        expect 2 "step-retries must be" "$BIN" pipeline --dir "$T/run" --step-retries -1
        expect 2 "--no-such-option" "$BIN" pipeline --dir "$T/run" --no-such-option
        ;;
    help)
        expect 0 "allow-config-change" "$BIN" pipeline --help
        ;;
    *)
        echo "unknown case $CASE"
        exit 1
        ;;
esac
echo "pipeline cli $CASE: ok"
