#!/usr/bin/env bash
# Checks that `pantheon match` refuses an option our engine refuses, plays our
# engine with each evaluation, plays Pandemonium, and resumes a tournament
# whose files an earlier build wrote:
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
earlier_state)
    # Interrupted after 2 of 6 games by the build before nlohmann::json
    # (tests/match/fixtures/earlier_writer.*): --resume keeps those games and
    # plays the other 4.
    fixtures="$(dirname "${BASH_SOURCE[0]}")/../match/fixtures"
    cp "$fixtures/earlier_writer.pgn" "$tmp/m.pgn"
    cp "$fixtures/earlier_writer.pgn.state.json" "$tmp/m.pgn.state.json"
    run match --engine "name=alpha cmd=internal nodes=2000" \
        --engine "name=beta cmd=internal nodes=2000 eval=hce" --rounds 3 --openings-plies 4 \
        --openings-seed 9 --max-plies 60 --pgn m.pgn --summary m.json --progress false --resume ||
        fail "the earlier state does not resume"
    cmp -s -n "$(stat -c %s "$fixtures/earlier_writer.pgn")" "$fixtures/earlier_writer.pgn" \
        "$tmp/m.pgn" || fail "the recorded games changed"
    [ "$(grep -c '^\[Result ' "$tmp/m.pgn")" -eq 6 ] || fail "not 6 games"
    grep -q '"stop_reason": "completed"' "$tmp/m.pgn.state.json" || fail "not completed"
    grep -q '^  \[0, 1, 1, 0, "1-0", "normal", 55\],$' "$tmp/m.pgn.state.json" ||
        fail "a recorded game was lost"
    grep -q '"games": 6,' "$tmp/m.json" || fail "the summary does not count 6 games"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
