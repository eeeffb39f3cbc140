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
pandemonium)
    # A 10x10 position, Pandemonium's piece names, its own random net; the
    # start position by default; another game's net and an unknown game refused.
    run eval --variant pandemonium || fail "eval --variant pandemonium"
    grep -q "^game: pandemonium$" "$tmp/out" || fail "not Pandemonium"
    grep -q "^fen: rnbqkmcbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR\[\] w KQkq - 0 1$" \
        "$tmp/out" || fail "the default position is not Pandemonium's start"
    run bench nnue --variant pandemonium --save-random "$tmp/p.nnue" || fail "no random net"
    run eval --variant pandemonium --fen "4k5/10/10/10/10/10/10/10/10/4K+R4[Q] w - - 0 1" \
        --net "$tmp/p.nnue" || fail "eval with a Pandemonium net"
    grep -q "^fen: 4k5/10/10/10/10/10/10/10/10/4K+R4\[Q\] w - - 0 1$" "$tmp/out" || fail "fen"
    grep -q "MISMATCH" "$tmp/out" && fail "SIMD and scalar disagree"
    grep -q "^white perspective (side to move): 4 active features" "$tmp/out" || fail "features"
    grep -q " own dragon [a-j][0-9]*$" "$tmp/out" || fail "the promoted rook is not a dragon"
    grep -q "own hand queen >= 1" "$tmp/out" || fail "hand feature not decoded"
    run bench nnue --save-random "$tmp/m.nnue" || fail "no Mansindam random net"
    run eval --variant pandemonium --net "$tmp/m.nnue" && fail "a Mansindam net was accepted"
    grep -q "wrong variant 'mansindam'" "$tmp/err" || fail "no clear error for the net's game"
    run eval --variant pandemonium --fen "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1" &&
        fail "a 9x9 FEN was accepted for Pandemonium"
    grep -q "bad FEN" "$tmp/err" || fail "no clear error for the FEN"
    run eval --variant chess && fail "an unknown game was accepted"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
exit 0
