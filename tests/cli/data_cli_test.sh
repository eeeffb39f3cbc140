#!/usr/bin/env bash
# Checks that every `pantheon data` tool serves both games: the game comes
# from the files' headers, --variant names it for import and a synthetic
# bench, and a --variant that contradicts the files is refused:
#   data_cli_test.sh PANTHEON_BINARY PROJECT_SOURCE_DIR CASE
set -uo pipefail
bin="$1" src="$2" case="$3"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
fixture="$src/tests/data/fixtures/pandemonium_v2.pgd"

positions() { "$bin" data stats "$1" 2>/dev/null | awk '$1 == "positions:" { print $2 }'; }

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
