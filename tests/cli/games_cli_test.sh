#!/usr/bin/env bash
# Checks `pantheon games`: one line a game, name, board and start position,
# the first the default; every name is a --variant the commands accept and
# every start position the one perft counts from.
#   games_cli_test.sh PANTHEON_BINARY CASE
set -uo pipefail
bin="$1" case="$2"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

case "$case" in
lines)
    run games || fail "non-zero exit"
    [[ $(wc -l <"$tmp/out") -ge 2 ]] || fail "want a line for each game, at least two"
    while IFS=$'\t' read -r name board fen; do
        [[ "$board" =~ ^[0-9]+x[0-9]+$ ]] || fail "board '$board' of $name"
        "$bin" perft --variant "$name" --depth 1 >"$tmp/start" 2>/dev/null ||
            fail "perft refuses --variant $name"
        "$bin" perft --variant "$name" --fen "$fen" --depth 1 >"$tmp/given" 2>/dev/null ||
            fail "perft refuses $name's start position"
        cmp -s "$tmp/start" "$tmp/given" || fail "$name's start position is not perft's"
    done <"$tmp/out"
    ;;
default_first)
    run games || fail "non-zero exit"
    first=$(head -n 1 "$tmp/out" | cut -f1)
    printf 'uci\nquit\n' | "$bin" uci >"$tmp/uci" 2>/dev/null
    grep -q "option name UCI_Variant type combo default $first " "$tmp/uci" ||
        fail "UCI_Variant's default is not the first game, $first"
    ;;
*)
    echo "unknown case $case"
    exit 2
    ;;
esac
