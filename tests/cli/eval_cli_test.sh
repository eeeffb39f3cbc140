#!/usr/bin/env bash
# Checks the `pantheon eval` and `bench nnue` command lines:
#   eval_cli_test.sh PANTHEON_BINARY CASE
set -uo pipefail
bin="$1" case="$2"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

case "$case" in
bad_input)
    run eval --fen garbage && fail "exit status 0 for a garbage FEN"
    grep -q "bad FEN" "$tmp/err" || fail "no clear error for the FEN"
    run eval --net "$tmp/missing.nnue" && fail "exit status 0 for a missing net"
    grep -q "cannot open" "$tmp/err" || fail "no clear error for the net"
    head -c 1000 /dev/urandom > "$tmp/junk.nnue"
    run eval --net "$tmp/junk.nnue" && fail "exit status 0 for a junk net"
    grep -q "wrong magic" "$tmp/err" || fail "no clear error for a junk net"
    ;;
layers)
    run bench nnue --save-random "$tmp/r.nnue" || fail "cannot write a random net"
    run eval --fen "4k4/9/9/9/9/9/9/9/4K4[P] b - - 0 1" --net "$tmp/r.nnue" || fail "non-zero exit"
    grep -q "^hand-crafted: -\?[0-9]* cp" "$tmp/out" || fail "no hand-crafted evaluation"
    grep -q "^nnue: -\?[0-9]* cp (side to move), [a-z0-9]* path" "$tmp/out" || fail "no nnue line"
    grep -q "MISMATCH" "$tmp/out" && fail "SIMD and scalar disagree"
    grep -q "^black perspective (side to move): 3 active features" "$tmp/out" || fail "features"
    grep -q "their hand pawn >= 1" "$tmp/out" || fail "hand feature not decoded"
    grep -q "^layer 3 output (32):" "$tmp/out" || fail "no layer outputs"
    grep -q "^centipawns: " "$tmp/out" || fail "no final value"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
