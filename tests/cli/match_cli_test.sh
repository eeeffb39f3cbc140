#!/usr/bin/env bash
# Checks that `pantheon match` refuses an option our engine refuses, plays our
# engine with each evaluation, plays Pandemonium, resumes a tournament whose
# files an earlier build (or another build) wrote, takes fastchess's
# spellings, PGN opening books and draw adjudication, and shows its defaults:
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
fastchess_spellings)
    # fastchess's own way of writing a match; its results blocks on stdout,
    # the UCI exchange in the engine log, the build in PGN, state and summary.
    run match -engine cmd=internal name=a depth=1 -engine cmd=internal name=b depth=1 \
        -each option.Hash=4 -rounds 2 -repeat -concurrency 1 -ratinginterval 3 -recover \
        -pgnout file=f.pgn -maxmoves 10 --summary f.json --progress false --engine-log log.txt ||
        fail "non-zero exit: $(cat "$tmp/err")"
    [ "$(grep -c '^\[Result ' "$tmp/f.pgn")" -eq 4 ] || fail "not 4 games in f.pgn"
    [ "$(grep -c '^Results of a vs b (depth=1, start setups):$' "$tmp/out")" -eq 2 ] ||
        fail "not 2 results blocks (after game 3, and at the end)"
    grep -Eq '^Games: 3, Wins: ' "$tmp/out" || fail "no block after game 3"
    grep -Eq '^Elo: -?[0-9.]+ \+/- [0-9.]+, nElo: -?[0-9.]+ \+/- [0-9.]+$' "$tmp/out" || fail "no Elo line"
    grep -Eq '^LOS: [0-9.]+ %, DrawRatio: [0-9.]+ %, PairsRatio: ' "$tmp/out" || fail "no LOS line"
    grep -Eq '^Games: 4, Wins: [0-9]+, Losses: [0-9]+, Draws: [0-9]+, Points: [0-9.]+ \([0-9.]+ %\)$' \
        "$tmp/out" || fail "no Games line"
    [ "$(grep -Ec '^Ptnml\(0-2\): \[[0-9]+, [0-9]+, [0-9]+, [0-9]+, [0-9]+\]$' "$tmp/out")" -eq 2 ] ||
        fail "no Ptnml lines"
    grep -Eq '^\[[0-9]+ ms\] a > uci$' "$tmp/log.txt" || fail "no 'uci' sent to a in the log"
    grep -Eq '^\[[0-9]+ ms\] b < uciok$' "$tmp/log.txt" || fail "no 'uciok' from b in the log"
    grep -Eq '^\[[0-9]+ ms\] a > setoption name Hash value 4$' "$tmp/log.txt" || fail "no -each option"
    grep -Eq '^\[[0-9]+ ms\] [ab] < bestmove ' "$tmp/log.txt" || fail "no bestmove in the log"
    [ "$(grep -c '^\[Generator "pantheon ' "$tmp/f.pgn")" -eq 4 ] || fail "no Generator tag"
    grep -q '"build": {' "$tmp/f.pgn.state.json" || fail "no build in the state"
    grep -q '"build": {' "$tmp/f.json" || fail "no build in the summary"
    # -games 1: one game a round, the colours alternating.
    run match -engine cmd=internal name=a depth=1 -engine cmd=internal name=b depth=1 \
        -rounds 3 -games 1 -maxmoves 5 -pgnout one.pgn --progress false || fail "-games 1 failed"
    [ "$(grep -c '^\[White "a"\]' "$tmp/one.pgn")" -eq 2 ] || fail "a is not White in rounds 1 and 3"
    [ "$(grep -c '^\[White "b"\]' "$tmp/one.pgn")" -eq 1 ] || fail "b is not White in round 2"
    # What fastchess has and we do not is refused by name before any game.
    run match -engine cmd=internal name=a depth=1 -engine cmd=internal name=b depth=1 \
        -tournament gauntlet -pgnout g.pgn
    status=$?
    [ "$status" -eq 2 ] || fail "exit status $status for -tournament, expected 2"
    grep -q "unknown fastchess option '-tournament'" "$tmp/err" || fail "-tournament not named"
    [ ! -e "$tmp/g.pgn" ] || fail "a PGN was started"
    ;;
other_build)
    # A state written by another build resumes, noted on stderr and in the state.
    run match --engine "name=a depth=1" --engine "name=b depth=1" --rounds 2 --max-plies 10 \
        --progress false || fail "first run failed"
    python3 - "$tmp/match.pgn.state.json" <<'PY' || fail "cannot edit the state"
import json, sys
s = json.load(open(sys.argv[1]))
s["games"] = s["games"][:2]
s["build"] = {"version": "0.0.1", "commit": "0123456789ab", "compiler": "gcc 1.0", "simd": "none"}
json.dump(s, open(sys.argv[1], "w"))
PY
    run match --engine "name=a depth=1" --engine "name=b depth=1" --rounds 2 --max-plies 10 \
        --progress false --resume || fail "the resume failed"
    grep -q "was written by another build" "$tmp/err" || fail "no note of the other build"
    grep -q '"earlier_builds"' "$tmp/match.pgn.state.json" || fail "the other build is not recorded"
    grep -q '0123456789ab' "$tmp/match.pgn.state.json" || fail "the other build's commit is lost"
    [ "$(grep -c '^\[Result ' "$tmp/match.pgn")" -ge 4 ] || fail "the tournament did not finish"
    ;;
pgn_book)
    # A PGN of our own games is an opening book: each game's end, or its
    # first N plies; a broken game stops the run before any game, by number.
    run match --engine "name=a depth=1" --engine "name=b depth=1" --rounds 2 --max-plies 6 \
        --pgn book.pgn --progress false || fail "the book's games failed"
    run match --engine "name=a depth=1" --engine "name=b depth=1" --rounds 2 --max-plies 4 \
        --openings book.pgn --openings-book-plies 2 --progress false || fail "PGN book refused: $(cat "$tmp/err")"
    [ "$(grep -c '^\[FEN ' "$tmp/match.pgn")" -eq 4 ] || fail "the games do not start from the book"
    awk '/^\[Event/{n++} n==2 && /^1\. /{sub(/^1\. [^ ]+/, "1. a1a9")} {print}' \
        "$tmp/book.pgn" >"$tmp/broken.pgn"
    run match --engine "name=a depth=1" --engine "name=b depth=1" --rounds 2 \
        -openings file=broken.pgn format=pgn --pgn c.pgn
    status=$?
    [ "$status" -eq 2 ] || fail "exit status $status for a broken book, expected 2"
    grep -q "broken.pgn: game 2: move 1 'a1a9'" "$tmp/err" || fail "the game is not named: $(cat "$tmp/err")"
    [ ! -e "$tmp/c.pgn" ] || fail "a PGN was started"
    ;;
draw_adjudication)
    # Asked for in Mansindam, which has no draws: refused.
    run match --engine "name=a depth=1" --engine "name=b depth=1" --draw-movecount 2
    status=$?
    [ "$status" -eq 2 ] || fail "exit status $status, expected 2"
    grep -q "draw adjudication (--draw-movecount) is for games with draws; mansindam has none" \
        "$tmp/err" || fail "no clear message"
    # In Pandemonium, with a bound every score keeps: every game a draw after move 3.
    run match --variant pandemonium --engine "name=a depth=1" --engine "name=b depth=1" \
        --rounds 1 -draw movenumber=3 movecount=2 score=100000 --progress false ||
        fail "non-zero exit"
    [ "$(grep -c '^\[Result "1/2-1/2"\]' "$tmp/match.pgn")" -eq 2 ] || fail "not 2 draws"
    [ "$(grep -c '^\[Termination "adjudication"\]' "$tmp/match.pgn")" -eq 2 ] || fail "not adjudicated"
    [ "$(grep -c '^\[PlyCount "10"\]' "$tmp/match.pgn")" -eq 2 ] || fail "not after 3 + 2 moves"
    grep -q "Draw by adjudication" "$tmp/match.pgn" || fail "no reason"
    ;;
help_defaults)
    run match --help || fail "--help failed"
    grep -Eq -- '--rounds INT:POSITIVE=10 ' "$tmp/out" || fail "no default of --rounds"
    grep -Eq -- '--progress BOOLEAN=(true|1) ' "$tmp/out" || fail "no --progress with its default"
    grep -Eq -- '--rating-interval INT=10 ' "$tmp/out" || fail "no default of --rating-interval"
    grep -q -- '--sprt elo0 elo1 \[alpha beta\]' "$tmp/out" || fail "--sprt is not described"
    ! grep -q -- '--no-progress' "$tmp/out" || fail "--no-progress is still there"
    # The shard is K/N from 0, as in selfplay.
    run match --engine "name=a depth=1" --engine "name=b depth=1" --shard 2/2
    status=$?
    [ "$status" -eq 2 ] || fail "exit status $status for shard 2/2, expected 2"
    grep -q "0 <= K < N" "$tmp/err" || fail "no message for shard 2/2"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
