#!/usr/bin/env bash
# Checks the `pantheon tune` command line on bad input:
#   tune_cli_test.sh PANTHEON_BINARY PROJECT_SOURCE_DIR CASE
set -uo pipefail
bin="$1" src="$2" case="$3"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

case "$case" in
bad_input)
    run tune --data "$tmp/missing" --out "$tmp/w.h" --progress false
    [ $? -eq 1 ] || fail "exit status not 1 for missing data"
    grep -q "^error: " "$tmp/err" || fail "no clear error for missing data"
    mkdir "$tmp/empty"
    run tune --data "$tmp/empty" --out "$tmp/w.h" --progress false
    [ $? -eq 1 ] || fail "exit status not 1 for an empty directory"
    grep -q "^error: " "$tmp/err" || fail "no clear error for an empty directory"
    head -c 5000 /dev/urandom > "$tmp/empty/junk.pgd"
    run tune --data "$tmp/empty/junk.pgd" --out "$tmp/w.h" --progress false
    [ $? -eq 1 ] || fail "exit status not 1 for a junk file"
    grep -q "^error: " "$tmp/err" || fail "no clear error for a junk file"
    run tune --data "$tmp/empty" --out "$tmp/w.h" --iterations 0
    [ $? -eq 2 ] || fail "exit status not 2 for a bad option"
    if [ -e "$tmp/w.h" ]; then fail "an output was written"; fi
    ;;
config)
    run tune --config "$src/configs/tune.toml" --data "$tmp/missing" --out "$tmp/w.h" \
        --progress false
    [ $? -eq 1 ] || fail "the shipped config does not parse"
    grep -q "^error: " "$tmp/err" || fail "no clear error"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
exit 0
