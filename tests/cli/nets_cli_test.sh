#!/usr/bin/env bash
# Checks the built-in nets against the files they are built from:
#   nets_cli_test.sh PANTHEON_BINARY PROJECT_SOURCE_DIR CASE
set -uo pipefail
bin="$1" src="$2" case="$3"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

case "$case" in
builtin_is_file)
    # The binary evaluates with the net file it embeds, for each game.
    for pair in "mansindam default.nnue" "pandemonium pandemonium.nnue"; do
        read -r game file <<<"$pair"
        run eval --variant "$game" || fail "eval --variant $game with the built-in net"
        grep -v "^net" "$tmp/out" > "$tmp/builtin"
        run eval --variant "$game" --net "$src/nnue/nets/$file" || fail "eval --variant $game --net $file"
        grep -v "^net" "$tmp/out" > "$tmp/file"
        cmp -s "$tmp/builtin" "$tmp/file" || fail "the built-in $game net is not nnue/nets/$file"
    done
    ;;
strength_rows)
    # Each measured strength names the net file it was measured with: a
    # replaced net must have its row replaced too.
    rows=0
    while IFS=$'\t' read -r net sha rest; do
        [[ -z "$net" || "$net" == \#* || "$net" == net ]] && continue
        rows=$((rows + 1))
        [ -f "$src/nnue/nets/$net" ] || fail "strength.tsv names a missing net $net"
        actual=$(sha256sum "$src/nnue/nets/$net" | cut -d' ' -f1)
        [ "$actual" = "$sha" ] ||
            fail "strength.tsv row of $net is for $sha, the file is $actual: measure it again"
    done < "$src/nnue/nets/strength.tsv"
    [ "$rows" -ge 2 ] || fail "strength.tsv has $rows rows, not one per built-in net"
    ;;
*) fail "unknown case $case" ;;
esac
exit 0
