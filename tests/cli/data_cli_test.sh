#!/usr/bin/env bash
# Checks that every `pantheon data` tool serves both games: the game comes
# from the files' headers, --variant names it for import and a synthetic
# bench, and a --variant that contradicts the files is refused; `data filter`
# takes the filter options of `train` and `tune`; `data import-pgn` reads a
# match's games:
#   data_cli_test.sh PANTHEON_BINARY PROJECT_SOURCE_DIR CASE
set -uo pipefail
bin="$1" src="$2" case="$3"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
fixture="$src/tests/data/fixtures/pandemonium_v2.pgd"

positions() { "$bin" data stats "$1" 2>/dev/null | awk '$1 == "positions:" { print $2 }'; }
training() { "$bin" data stats "$1" 2>/dev/null | sed -n 's/^positions: .*(\([0-9]*\) for training.*/\1/p'; }

case "$case" in
pandemonium_tools)
    want=$(positions "$fixture")
    [ -n "$want" ] || fail "no position count from stats"
    run data merge "$fixture" "$fixture" -o "$tmp/m.pgd" || fail "merge"
    [ "$(positions "$tmp/m.pgd")" -eq $((2 * want)) ] || fail "merge lost positions"
    run data filter "$tmp/m.pgd" -o "$tmp/f.pgd" --no-check || fail "filter"
    run data shuffle "$tmp/m.pgd" -o "$tmp/s" -k 2 --seed 3 || fail "shuffle"
    run data verify "$tmp/s" || fail "verify of the shuffled files"
    grep -q "^OK " "$tmp/out" || fail "shuffled files do not verify"
    run data export "$fixture" -o "$tmp/e.txt" || fail "export"
    # Pandemonium's 10x10 FENs are not Mansindam's: import needs the game.
    run data import "$tmp/e.txt" -o "$tmp/i.pgd"
    [ $? -eq 1 ] || fail "import of Pandemonium text as Mansindam did not fail"
    [ ! -e "$tmp/i.pgd" ] || fail "a failed import left a file"
    run data import "$tmp/e.txt" -o "$tmp/i.pgd" --variant pandemonium || fail "import"
    run data export "$tmp/i.pgd" -o "$tmp/e2.txt" || fail "export of the imported file"
    cut -f1 "$tmp/e.txt" | cmp -s - <(cut -f1 "$tmp/e2.txt") ||
        fail "the imported positions differ from the exported ones"
    run data bench --variant pandemonium --games 20 --repeat 1 || fail "bench"
    grep -q "^synthetic pandemonium games" "$tmp/out" || fail "bench did not play Pandemonium"
    ;;
import_pgn)
    # A short Pandemonium match's PGN becomes a data file of the same games and
    # moves, those the rules ended as played out, the others as adjudicated;
    # PGN of another game, with an illegal move or a result the final position
    # contradicts stops the import and leaves no file.
    # The hand-crafted evaluation plays, so that a new built-in net does not
    # change which games end how.
    cd "$tmp" || fail "cd"
    run match --variant pandemonium --engine "name=a depth=1 eval=hce" \
        --engine "name=b depth=1 eval=hce" --rounds 3 --max-plies 70 --pgn m.pgn || fail "match"
    games=$(grep -c '^\[Result ' m.pgn)
    plies=$(sed -n 's/^\[PlyCount "\([0-9]*\)"\]/\1/p' m.pgn | awk '{ s += $1 } END { print s }')
    run data import-pgn m.pgn -o g.pgd --variant pandemonium || fail "import-pgn"
    grep -q "^imported $games games ($plies positions)" "$tmp/out" || fail "not $games games, $plies plies"
    run data verify g.pgd || fail "verify"
    grep -q "^OK " "$tmp/out" || fail "the imported file does not verify"
    "$bin" data stats g.pgd >"$tmp/out" 2>&1 || fail "stats"
    grep -q "^games: *$games\$" "$tmp/out" || fail "stats: not $games games"
    by_rules=$(grep -c '^\[Termination "normal"\]' m.pgn)
    [ "$by_rules" -gt 0 ] && [ "$by_rules" -lt "$games" ] || fail "want games of both kinds"
    grep -q "^ *adjudicated *$((games - by_rules)) " "$tmp/out" || fail "not $((games - by_rules)) adjudicated"
    # The moves are the PGN's, in order: the first game's first move comes back.
    first=$(awk '!/^\[/ && NF { for (i = 1; i <= NF; ++i) if ($i !~ /^[0-9]+\.$/) { print $i; exit } }' m.pgn)
    run data export g.pgd -o g.txt || fail "export"
    [ "$(head -1 g.txt | cut -f6)" = "$first" ] || fail "the first move is not $first"
    run data import-pgn m.pgn -o x.pgd
    [ $? -eq 1 ] || fail "Pandemonium games imported as Mansindam"
    grep -q "Variant" "$tmp/err" || fail "no clear error for the game"
    [ ! -e x.pgd ] || fail "a refused import left a file"
    sed "0,/ $first /s// z9z9 /" m.pgn >bad.pgn
    run data import-pgn bad.pgn -o x.pgd --variant pandemonium
    [ $? -eq 1 ] || fail "an illegal move was imported"
    grep -q "move 1 'z9z9'" "$tmp/err" || fail "no clear error for the move"
    [ ! -e x.pgd ] || fail "a refused import left a file"
    # The first game played out with the other side named the winner.
    awk -v n="$(awk '/^\[Event /{ g++ } /^\[Termination "normal"\]/ { print g; exit }' m.pgn)" '
        /^\[Event / { g++ }
        g == n && /^\[Result "1-0"\]$/ { $0 = "[Result \"0-1\"]"; w = "1-0"; l = "0-1" }
        g == n && !w && /^\[Result "0-1"\]$/ { $0 = "[Result \"1-0\"]"; w = "0-1"; l = "1-0" }
        g == n && w && $NF == w && !/^\[/ { $NF = l }
        { print }' m.pgn >flipped.pgn
    run data import-pgn flipped.pgn -o x.pgd --variant pandemonium
    [ $? -eq 1 ] || fail "a result the final position contradicts was imported"
    grep -q "contradicts" "$tmp/err" || fail "no clear error for the result"
    [ ! -e x.pgd ] || fail "a refused import left a file"
    ;;
filter_options)
    # `data filter` takes the filter options of `train` and `tune`, and its
    # earlier spellings still mean the same.
    mansindam="$src/tests/data/fixtures/mansindam_v1.pgd"
    run data filter "$mansindam" -o "$tmp/a.pgd" --min-ply 4 --max-ply 60 --max-abs-score 300 \
        --skip-in-check true --skip-tactical true || fail "filter with the shared options"
    run data filter "$mansindam" -o "$tmp/b.pgd" --min-ply 4 --max-ply 60 --max-score 300 \
        --no-check --no-tactical-best || fail "filter with the earlier spellings"
    cmp -s "$tmp/a.pgd" "$tmp/b.pgd" || fail "the two spellings filter differently"
    kept=$(training "$tmp/a.pgd")
    [ -n "$kept" ] && [ "$kept" -lt "$(training "$mansindam")" ] || fail "nothing filtered"
    for cmd in train tune; do
        "$bin" "$cmd" --help >"$tmp/out" 2>&1
        for opt in --min-ply --max-ply --max-abs-score --skip-in-check --skip-tactical; do
            grep -q -- "$opt" "$tmp/out" || fail "$cmd lacks $opt"
        done
    done
    ;;
variant_mismatch)
    for tool in merge filter; do
        run data "$tool" "$fixture" -o "$tmp/x.pgd" --variant mansindam
        [ $? -eq 1 ] || fail "$tool: exit status not 1 for data of the other game"
        grep -q "^error: the data holds pandemonium games but --variant is mansindam" "$tmp/err" ||
            fail "$tool: no clear error for data of the other game"
        [ ! -e "$tmp/x.pgd" ] || fail "$tool: an output was written"
    done
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
exit 0
