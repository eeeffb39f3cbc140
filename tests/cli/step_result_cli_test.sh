#!/usr/bin/env bash
# The result file of `pantheon selfplay --result` and `pantheon data rescore
# --result` (util/step_result.h): written on success, it holds the requested
# games and the positions, files and bytes of the data files (as `data
# stats` and the directory count them); each shard of a sharded self-play
# tells its own share; an unwritable result path is a clear error:
#   step_result_cli_test.sh PANTHEON_BINARY CASE
set -uo pipefail
bin="$1" case="$2"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

# field FILE SECTION KEY: a figure of the result file ("" for the top level).
field() {
    awk -v sec="$2" -v key="\"$3\":" '
        /^  "[a-z_]+": \{/ { cur = $1; gsub(/[":]/, "", cur); next }
        /^  \}/ { cur = ""; next }
        cur == sec && $1 == key { v = $2; sub(/,$/, "", v); gsub(/"/, "", v); print v; exit }' "$1"
}
# Positions of the data files, as `data stats` counts them.
stats_positions() { "$bin" data stats "$@" 2>/dev/null | sed -nE 's/^positions[: ]+([0-9]+).*/\1/p' | head -1; }
dir_bytes() { cat "$1"/*.pgd | wc -c; }
expect() { [ -n "$1" ] && [ "$1" = "$2" ] || fail "$3: '$1', expected '$2'"; }

selfplay() { run selfplay --games 6 --chunk-games 2 --nodes 100 --hash 1 --seed 3 --threads 2 \
    --progress false "$@"; }

case "$case" in
selfplay)
    selfplay --out "$tmp/sp" --result "$tmp/sp.json" || fail "selfplay"
    r="$tmp/sp.json"
    [ -f "$r" ] || fail "no result file"
    expect "$(field "$r" "" step)" selfplay "step"
    expect "$(field "$r" data games)" 6 "games"
    expect "$(field "$r" data files)" 3 "files"
    expect "$(field "$r" data positions)" "$(stats_positions "$tmp/sp")" "positions"
    expect "$(field "$r" data bytes)" "$(dir_bytes "$tmp/sp")" "bytes"
    expect "$(field "$r" run games)" 6 "games played"
    expect "$(field "$r" run positions)" "$(field "$r" data positions)" "positions played"
    # Run again: nothing left to play, the data the same.
    selfplay --out "$tmp/sp" --result "$tmp/sp.json" || fail "selfplay again"
    expect "$(field "$r" data games)" 6 "games after a rerun"
    expect "$(field "$r" run games)" 0 "games played by the rerun"
    # The result file is where --result says: the data directory holds data and manifest only.
    [ "$(ls "$tmp/sp" | grep -vc '\.pgd$')" -eq 1 ] || fail "other files than the manifest"
    ;;
selfplay_shards)
    for k in 0 1; do
        selfplay --out "$tmp/sp" --shard $k/2 --result "$tmp/shard-$k.json" || fail "shard $k"
        expect "$(field "$tmp/shard-$k.json" "" shard_index)" $k "shard index"
        expect "$(field "$tmp/shard-$k.json" "" shard_count)" 2 "shard count"
    done
    expect "$(field "$tmp/shard-0.json" data games)" 4 "games of shard 0 (chunks 0 and 2)"
    expect "$(field "$tmp/shard-1.json" data games)" 2 "games of shard 1 (chunk 1)"
    total=$(($(field "$tmp/shard-0.json" data positions) + $(field "$tmp/shard-1.json" data positions)))
    expect "$total" "$(stats_positions "$tmp/sp")" "positions of both shards"
    ;;
rescore)
    selfplay --out "$tmp/sp" || fail "selfplay"
    run data rescore --data "$tmp/sp" --out "$tmp/rs" --nodes 300 --hash 1 --progress false \
        --result "$tmp/rs.json" || fail "rescore"
    r="$tmp/rs.json"
    expect "$(field "$r" "" step)" rescore "step"
    expect "$(field "$r" data games)" 6 "games"
    expect "$(field "$r" data files)" 3 "files"
    expect "$(field "$r" data positions)" "$(stats_positions "$tmp/rs")" "positions"
    expect "$(field "$r" data bytes)" "$(dir_bytes "$tmp/rs")" "bytes"
    searched=$(field "$r" run searched)
    [ "$searched" -gt 0 ] && [ "$searched" -le "$(field "$r" data positions)" ] ||
        fail "searched positions: $searched"
    ;;
selfplay_unwritable)
    selfplay --out "$tmp/sp" --result "$tmp/no/such/dir/r.json"
    [ $? -eq 1 ] || fail "exit status not 1 for an unwritable result file"
    grep -q "^error: .*$tmp/no/such/dir" "$tmp/err" || fail "no clear error naming the path"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
exit 0
