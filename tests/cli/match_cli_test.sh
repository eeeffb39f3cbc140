#!/usr/bin/env bash
# Checks that `pantheon match` refuses an option our engine refuses, plays our
# engine with each evaluation, and plays Pandemonium:
#   match_cli_test.sh PANTHEON_BINARY CASE
set -uo pipefail
bin="$1" case="$2"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
# Run from the temporary directory: a match writes its files where it runs.
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
pandemonium)
    # Our engine plays Pandemonium when told so (UCI_Variant); the variant
    # comes from the command line or the TOML file and is kept in the state.
    run match --variant pandemonium --engine "name=a depth=1" --engine "name=b depth=1" \
        --rounds 1 --max-plies 16 || fail "non-zero exit"
    [ "$(grep -c '^\[Variant "pandemonium"\]' "$tmp/match.pgn")" -eq 2 ] || fail "not 2 Pandemonium games"
    grep -Eq '"variant": *"pandemonium"' "$tmp/match.pgn.state.json" || fail "variant not in the state"
    # Resuming it as Mansindam is refused.
    run match --engine "name=a depth=1" --engine "name=b depth=1" --rounds 1 --max-plies 16 --resume
    status=$?
    [ "$status" -eq 2 ] || fail "exit status $status for a changed variant, expected 2"
    grep -q "is for a pandemonium tournament, not mansindam" "$tmp/err" || fail "no variant message"
    # From a TOML file, with one start setup (3: black's bishops outside).
    printf '[match]\nvariant = "pandemonium"\nsetup = 3\nrounds = 1\nmax-plies = 8\n' >"$tmp/p.toml"
    run match --config p.toml --engine "name=a depth=1" --engine "name=b depth=1" \
        --pgn setup.pgn || fail "non-zero exit with the TOML file"
    [ "$(grep -c '^\[FEN "rbnqkmcnbr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR\[\] w KQkq - 0 1"\]' \
        "$tmp/setup.pgn")" -eq 2 ] || fail "setup 3 not played"
    # An unknown variant is refused.
    run match --variant chess --engine "name=a depth=1" --engine "name=b depth=1" --pgn x.pgn
    status=$?
    [ "$status" -eq 2 ] || fail "exit status $status for an unknown variant, expected 2"
    grep -q "unknown variant 'chess'" "$tmp/err" || fail "no message for an unknown variant"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
