#!/usr/bin/env bash
# Checks that `pantheon bench selfplay`, `bench perft` and `bench nnue` play
# the game --variant names (and bench selfplay keeps its games on request):
#   bench_cli_test.sh PANTHEON_BINARY CASE
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
perft_variant)
    # Pandemonium's start counts from the independent reference
    # (pandemonium-perft.tsv, first line: 38 1444 60639 ...).
    run bench perft --variant pandemonium --depth 3 --repeat 1 || fail "bench perft --variant"
    grep -q "^perft 3 (pandemonium): 60639 nodes, best of 1 " "$tmp/out" ||
        fail "not Pandemonium's perft 3 (60639)"
    run bench perft --variant pandemonium --depth 2 --repeat 1 || fail "depth 2"
    grep -q "^perft 2 (pandemonium): 1444 nodes" "$tmp/out" || fail "perft 2 is not 1444"
    run bench perft --depth 2 --repeat 1 || fail "bench perft (Mansindam)"
    grep -q "^perft 2 (mansindam): " "$tmp/out" || fail "the default game is not Mansindam"
    grep -q "^perft 2 (mansindam): 1444 " "$tmp/out" && fail "Mansindam counted Pandemonium"
    run bench perft --variant pandemonium --fen "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1"
    [ $? -eq 2 ] || fail "a 9x9 FEN was accepted for Pandemonium"
    run bench perft --variant chess --depth 1
    [ $? -ne 0 ] || fail "an unknown game was accepted"
    ;;
nnue_variant)
    run bench nnue --variant pandemonium --games 2 --plies 20 --repeats 1 ||
        fail "bench nnue --variant pandemonium"
    grep -Eq "^bench nnue \(pandemonium\): (built-in net|random net \(seed 1; no built-in net\)), 2 random games" \
        "$tmp/out" || fail "the bench does not report Pandemonium's net"
    grep -q "^  scalar (CPU ns): full evaluation [0-9]* ns" "$tmp/out" || fail "no scalar timings"
    run bench nnue --variant pandemonium --save-random "$tmp/p.nnue" || fail "no random net"
    run bench nnue --variant pandemonium --net "$tmp/p.nnue" --games 1 --plies 10 --repeats 1 ||
        fail "bench nnue with a Pandemonium net"
    grep -q "^bench nnue (pandemonium): $tmp/p.nnue, 1 random games" "$tmp/out" || fail "net"
    run bench nnue --net "$tmp/p.nnue" --games 1 --plies 10 --repeats 1
    [ $? -eq 2 ] || fail "Mansindam took a Pandemonium net"
    grep -q "wrong variant 'pandemonium'" "$tmp/err" || fail "no clear error for the net's game"
    run bench nnue --variant chess --games 1
    [ $? -ne 0 ] || fail "an unknown game was accepted"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
exit 0
