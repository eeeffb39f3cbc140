# Shared by the CLI test scripts (sourced): a temporary directory removed on
# exit, `run` (the binary $bin with its output captured in $tmp/out and
# $tmp/err, no input) and `fail` (prints why and both outputs, exits 1).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*"; echo "--- stdout"; cat "$tmp/out"; echo "--- stderr"; cat "$tmp/err"; exit 1; }
run() { "$bin" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; }

# wait_for_lock FILE [SECONDS]: waits until some process holds the flock(2)
# lock FILE (util/run_lock.h); fails after SECONDS (default 60).
wait_for_lock() {
    local i
    for ((i = 0; i < ${2:-60} * 10; ++i)); do
        [ -e "$1" ] && ! flock -n "$1" true 2>/dev/null && return 0
        sleep 0.1
    done
    fail "no process took the lock $1"
}
# kill9 PID: kill -9 PID (started in the background by this script) and
# wait until it and every process it had started are gone.
kill9() {
    local pids p i
    pids=$(descendants "$1")
    kill -9 "$1"
    wait "$1" 2>/dev/null
    for ((i = 0; i < 600; ++i)); do
        local alive=""
        for p in $pids; do kill -0 "$p" 2>/dev/null && alive=1; done
        [ -z "$alive" ] && return 0
        sleep 0.1
    done
    fail "processes started by $1 outlived it: $pids"
}
descendants() {
    local c
    for c in $(pgrep -P "$1"); do echo "$c"; descendants "$c"; done
}
