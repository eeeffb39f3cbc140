#!/usr/bin/env bash
# Checks that `pantheon bench selfplay` plays the game --variant names and
# keeps its games on request:  bench_cli_test.sh PANTHEON_BINARY CASE
set -uo pipefail
bin="$1" case="$2"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

case "$case" in
selfplay_variant)
    run bench selfplay --variant pandemonium --games 4 --nodes 200 --keep "$tmp/games" ||
        fail "bench selfplay --variant pandemonium"
    grep -q "^selfplay bench (pandemonium): 2 threads, 200 nodes/move, 4 games" "$tmp/out" ||
        fail "the bench does not report Pandemonium"
    run data merge "$tmp/games" -o "$tmp/m.pgd" --variant pandemonium ||
        fail "the kept games are not Pandemonium's"
    run bench selfplay --variant chess --games 1
    [ $? -ne 0 ] || fail "an unknown game was accepted"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
exit 0
