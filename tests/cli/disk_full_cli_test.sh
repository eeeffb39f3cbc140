#!/usr/bin/env bash
# A full disk while the system writes its outputs: the command stops with a
# clear error and a non-zero exit, publishes no half-written file under its
# final name, leaves no temporary file, and the same command run again once
# there is space finishes with what an uninterrupted run gives.
#   disk_full_cli_test.sh PANTHEON_BINARY PROJECT_SOURCE_DIR CASE
# The full disk is RLIMIT_FSIZE (`ulimit -f`, in KiB blocks: a write past it
# fails with EFBIG), or, for train_export, a small tmpfs (skipped where it
# cannot be mounted).
set -uo pipefail
bin="$1" src="$2" case="$3"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
fixtures="$src/tests/data/fixtures"
# Nets record the date they were made in (docs/NNUE.md "Lineage"): fixed, so
# the nets of two runs can be compared byte for byte.
export SOURCE_DATE_EPOCH=1767225600

# run_limited KIB ARGS...: the binary with files capped at KIB KiB.
run_limited() { local kib=$1; shift; (ulimit -f "$kib"; run "$@"); }
# No temporary file of an atomic write anywhere below DIR.
no_temp_files() {
    local left
    left=$(find "$1" -name '*.tmp' -o -name '*.tmp-*')
    [ -z "$left" ] || fail "temporary files left behind: $left"
}
expect_failure() {  # expect_failure STATUS WHAT PATTERN
    [ "$1" -ne 0 ] || fail "$2: exit status 0 on a full disk"
    [ "$1" -lt 128 ] || fail "$2: killed by signal $(($1 - 128)) instead of an error"
    grep -q "error: .*$3" "$tmp/err" || fail "$2: no clear error naming '$3'"
}
# PGN text without what legitimately differs between runs (dates, move times).
pgn_games() { sed -E -e '/^\[Date /d' -e 's/ [0-9.]+s\}/}/g' "$1"; }

case "$case" in
selfplay)
    args=(selfplay --games 24 --chunk-games 8 --nodes 50 --threads 1 --progress false)
    run "${args[@]}" --out "$tmp/whole" || fail "uninterrupted self-play"
    run_limited 1 "${args[@]}" --out "$tmp/sp"
    expect_failure $? "self-play" "chunk-0000000.\.pgd.*File too large"
    no_temp_files "$tmp/sp"
    for f in "$tmp"/sp/*.pgd; do
        [ -e "$f" ] || continue
        "$bin" data verify "$f" >/dev/null 2>&1 || fail "a damaged chunk was published: $f"
    done
    run "${args[@]}" --out "$tmp/sp" || fail "self-play run again with space"
    for f in "$tmp"/whole/*; do
        cmp -s "$f" "$tmp/sp/$(basename "$f")" || fail "$(basename "$f") differs from the uninterrupted run"
    done
    [ "$(ls "$tmp/sp" | wc -l)" -eq "$(ls "$tmp/whole" | wc -l)" ] || fail "other files than the uninterrupted run"
    ;;
train_checkpoint)
    args=(train --data "$fixtures/mansindam_v1.pgd" --max-steps 4 --batch-size 16 --checkpoint-every 2
          --skip-in-check false --skip-tactical false --progress false)
    mkdir "$tmp/whole" "$tmp/t"
    run "${args[@]}" --out "$tmp/whole/n.nnue" || fail "uninterrupted training"
    # The checkpoint (tens of MB) does not fit; the log and plot do.
    run_limited 10000 "${args[@]}" --out "$tmp/t/n.nnue"
    expect_failure $? "train" "n.ckpt.*File too large"
    no_temp_files "$tmp/t"
    [ -e "$tmp/t/n.ckpt" ] && fail "a checkpoint was published"
    [ -e "$tmp/t/n.nnue" ] && fail "a net was published"
    run "${args[@]}" --out "$tmp/t/n.nnue" || fail "training run again with space"
    cmp -s "$tmp/whole/n.nnue" "$tmp/t/n.nnue" || fail "the net differs from the uninterrupted run"
    ;;
train_export)
    # The checkpoint on the ordinary disk, the net on a 1 MiB file system.
    mkdir -p "$tmp/small" "$tmp/whole" "$tmp/ckpt"
    mount -t tmpfs -o size=1m tmpfs "$tmp/small" 2>/dev/null || { echo "cannot mount a tmpfs: skipped"; exit 77; }
    trap 'umount "$tmp/small"; rm -rf "$tmp"' EXIT
    args=(train --data "$fixtures/mansindam_v1.pgd" --max-steps 2 --batch-size 16
          --skip-in-check false --skip-tactical false --progress false)
    run "${args[@]}" --out "$tmp/whole/n.nnue" || fail "uninterrupted training"
    run "${args[@]}" --out "$tmp/small/n.nnue" --checkpoint "$tmp/ckpt/n.ckpt"
    expect_failure $? "train" "n.nnue.*No space left on device"
    no_temp_files "$tmp/small"
    [ -e "$tmp/small/n.nnue" ] && fail "a net was published"
    umount "$tmp/small"
    run "${args[@]}" --out "$tmp/small/n.nnue" --checkpoint "$tmp/ckpt/n.ckpt" --resume "$tmp/ckpt/n.ckpt" ||
        fail "training resumed with space"
    cmp -s "$tmp/whole/n.nnue" "$tmp/small/n.nnue" || fail "the net differs from the uninterrupted run"
    trap 'rm -rf "$tmp"' EXIT
    ;;
match)
    args=(match --engine "name=a depth=1" --engine "name=b depth=1" --rounds 4 --max-plies 40
          --progress false)
    mkdir "$tmp/whole" "$tmp/m"
    (cd "$tmp/whole" && run "${args[@]}") || fail "uninterrupted match"
    # About three games fit in 4 KiB of PGN.
    (cd "$tmp/m" && run_limited 4 "${args[@]}")
    expect_failure $? "match" "match.pgn.*File too large"
    no_temp_files "$tmp/m"
    games=$(grep -c '^\[Event ' "$tmp/m/match.pgn")
    ends=$(grep -cE '(1-0|0-1|1/2-1/2)$' "$tmp/m/match.pgn")
    [ "$games" -eq "$ends" ] || fail "the PGN holds a game cut short ($games games, $ends ends)"
    [ "$games" -ge 1 ] && [ "$games" -lt 8 ] || fail "$games games before the disk was full"
    grep -q "\"pgn_bytes\": $(stat -c %s "$tmp/m/match.pgn")" "$tmp/m/match.pgn.state.json" ||
        fail "the state does not record the PGN's length"
    (cd "$tmp/m" && run "${args[@]}" --resume) || fail "match resumed with space"
    [ "$(pgn_games "$tmp/m/match.pgn")" == "$(pgn_games "$tmp/whole/match.pgn")" ] ||
        fail "the games differ from the uninterrupted run"
    ;;
export)
    run data export "$fixtures/mansindam_v1.pgd" -o "$tmp/whole.txt" || fail "uninterrupted export"
    echo "old" >"$tmp/x.txt"
    run_limited 8 data export "$fixtures/mansindam_v1.pgd" -o "$tmp/x.txt" --force
    expect_failure $? "export" "x.txt.*File too large"
    no_temp_files "$tmp"
    [ "$(cat "$tmp/x.txt")" == "old" ] || fail "a half-written export replaced the old file"
    run data export "$fixtures/mansindam_v1.pgd" -o "$tmp/x.txt" --force || fail "export again"
    cmp -s "$tmp/whole.txt" "$tmp/x.txt" || fail "the export differs"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
exit 0
