#!/usr/bin/env bash
# Checks that `pantheon match` refuses an option our engine refuses:
#   match_cli_test.sh PANTHEON_BINARY CASE
set -uo pipefail
bin="$1" case="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*"; echo "--- stdout"; cat "$tmp/out"; echo "--- stderr"; cat "$tmp/err"; exit 1; }
run() { (cd "$tmp" && "$bin" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null); }

case "$case" in
bad_eval)
    # A mistyped net path: stopped before any game, naming player and option.
    run match --engine "name=typo eval=$tmp/missing.nnue depth=1" --engine "name=b depth=1" \
        --rounds 1
    status=$?
    [ "$status" -eq 2 ] || fail "exit status $status, expected 2"
    grep -q "player 'typo'" "$tmp/err" || fail "the player is not named"
    grep -q "option 'EvalFile'" "$tmp/err" || fail "the option is not named"
    grep -q "cannot open" "$tmp/err" || fail "the engine's reason is not given"
    [ -e "$tmp/match.pgn" ] && fail "a PGN was started"
    # A bad value of another option is refused the same way.
    run match --engine "name=a hash=0 depth=1" --engine "name=b depth=1" --rounds 1
    status=$?
    [ "$status" -eq 2 ] || fail "exit status $status for hash=0, expected 2"
    grep -q "option 'Hash'" "$tmp/err" || fail "Hash is not named"
    ;;
eval_choices)
    # The hand-crafted evaluation, the built-in net and the default all play.
    run match --engine "name=hce eval=hce depth=1" --engine "name=net eval=builtin depth=1" \
        --engine "name=default depth=1" --format roundrobin --rounds 1 --max-plies 20 ||
        fail "non-zero exit"
    grep -q "refused" "$tmp/err" && fail "an option was refused"
    [ "$(grep -c '^\[Result ' "$tmp/match.pgn")" -eq 6 ] || fail "not 6 games"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
