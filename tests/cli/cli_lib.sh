# Shared by the CLI test scripts (sourced): a temporary directory removed on
# exit, `run` (the binary $bin with its output captured in $tmp/out and
# $tmp/err, no input) and `fail` (prints why and both outputs, exits 1).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*"; echo "--- stdout"; cat "$tmp/out"; echo "--- stderr"; cat "$tmp/err"; exit 1; }
run() { "$bin" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; }
