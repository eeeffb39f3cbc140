#!/usr/bin/env bash
# Two processes on one run: the second is refused with a clear message and a
# non-zero exit while the first holds the run's lock; once the first is
# killed with kill -9, the run is free again (flock(2) locks die with their
# holder). One case per kind of run:
#   lock_cli_test.sh PANTHEON_BINARY PROJECT_SOURCE_DIR CASE
# (rescore too: two rescorings never write into one directory)
set -uo pipefail
bin="$1" src="$2" case="$3"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
fixtures="$src/tests/data/fixtures"
first=""
# A failed check must not leave the first process running.
trap '[ -n "$first" ] && kill -9 "$first" 2>/dev/null; rm -rf "$tmp"' EXIT

# refused WHAT: the last run exited non-zero, naming the busy run.
refused() {
    local status=$?
    [ "$status" -ne 0 ] || fail "a second $1 ran beside the first"
    grep -q "error: .*is in use by another process (pid $first)" "$tmp/err" ||
        fail "no clear message for the second $1"
}
# start_first LOCKFILE ARGS...: the binary in the background, holding LOCKFILE.
start_first() {
    local lock=$1; shift
    "$bin" "$@" >"$tmp/first.out" 2>&1 </dev/null &
    first=$!
    wait_for_lock "$lock"
}

case "$case" in
selfplay)
    args=(selfplay --chunk-games 2 --nodes 50 --threads 1 --progress false --out "$tmp/sp")
    start_first "$tmp/sp/.selfplay-shard-0-of-1.lock" "${args[@]}" --games 100000
    run "${args[@]}" --games 100000
    refused "self-play in the same directory"
    # A shard that shares chunks with the running one is refused too.
    run "${args[@]}" --games 100000 --shard 1/2
    refused "overlapping self-play shard"
    kill9 "$first"
    first=""
    run "${args[@]}" --games 100000 --max-chunks 1 || fail "self-play after the holder was killed"
    ;;
train)
    args=(train --data "$fixtures/mansindam_v1.pgd" --batch-size 16 --skip-in-check false
          --skip-tactical false --progress false)
    start_first "$tmp/.n.nnue.lock" "${args[@]}" --out "$tmp/n.nnue" --max-steps 100000000 \
        --checkpoint-every 100000000
    run "${args[@]}" --out "$tmp/n.nnue" --max-steps 2
    refused "training of the same net"
    run "${args[@]}" --max-steps 2 --out "$tmp/other.nnue" --checkpoint "$tmp/n.ckpt"
    refused "training with the same checkpoint"
    kill9 "$first"
    first=""
    run "${args[@]}" --out "$tmp/n.nnue" --max-steps 2 || fail "training after the holder was killed"
    ;;
match)
    cd "$tmp" || exit 1
    args=(match --engine "name=a depth=1" --engine "name=b depth=1" --max-plies 20 --progress false)
    start_first "$tmp/.match.pgn.state.json.lock" "${args[@]}" --rounds 100000
    run "${args[@]}" --rounds 100000 --resume
    refused "match on the same state file"
    run "${args[@]}" --rounds 1 --force --state other.state.json
    refused "match writing the same PGN"
    kill9 "$first"
    first=""
    run "${args[@]}" --rounds 1 --force || fail "match after the holder was killed"
    ;;
pipeline)
    args=(pipeline --dir "$tmp/run" --generations 1 --chunk-games 4 --nodes 50 --threads 1
          --gate-rounds 1 --gate-nodes 50 --gate-max-plies 20 --concurrency 1)
    start_first "$tmp/run/.lock" "${args[@]}" --games 100000
    run "${args[@]}" --games 100000
    refused "pipeline in the same directory"
    kill9 "$first"
    first=""
    run "${args[@]}" --games 8 --allow-config-change || fail "pipeline after the holder was killed"
    ;;
rescore)
    args=(data rescore "$fixtures/mansindam_v1.pgd" --out "$tmp/r" --threads 1 --progress false)
    start_first "$tmp/r/.rescore-shard-0-of-1.lock" "${args[@]}" --nodes 100000000
    # The holder writes its manifest just after taking the lock; on a loaded
    # machine the kill below could come between the two.
    for ((i = 0; i < 600; ++i)); do [ -e "$tmp/r/rescore-manifest.txt" ] && break; sleep 0.1; done
    [ -e "$tmp/r/rescore-manifest.txt" ] || fail "the holder wrote no manifest"
    run "${args[@]}" --nodes 100
    refused "rescoring into the same directory"
    kill9 "$first"
    first=""
    # Free again: what stops it now is only the holder's manifest (other nodes).
    run "${args[@]}" --nodes 100
    grep -q "in use by another process" "$tmp/err" && fail "the killed holder's lock stuck"
    grep -q "other settings" "$tmp/err" || fail "rescoring after the holder was killed"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
exit 0
