#!/usr/bin/env bash
# `pantheon data rescore` on self-play data made here (16 games at 200 nodes):
# the output's bytes do not depend on the thread count, deeper searches change
# the scores and nothing else, a run killed with SIGKILL resumes to the bytes
# of an uninterrupted one, and a damaged input or other settings are refused
# with a clear error and a non-zero exit. An outside UCI engine as the judge
# (--engine; here our own binary's UCI, searching as self-play did) gives
# back self-play's verdicts byte for byte, scaled as asked:
#   rescore_cli_test.sh PANTHEON_BINARY CASE
set -uo pipefail
bin="$1" case="$2"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

# Self-play games into $tmp/in: 16 games in 8 files of 2.
"$bin" selfplay --games 16 --chunk-games 2 --nodes 200 --hash 1 --seed 5 --threads 2 \
    --progress false --out "$tmp/in" >/dev/null 2>&1 || { echo "FAIL: selfplay"; exit 1; }

rescore() { run data rescore --data "$tmp/in" --hash 1 --progress false "$@"; }
same_dirs() { diff -r --exclude=rescore-manifest.txt --exclude='.*.lock' "$1" "$2" >/dev/null; }
outputs() { ls "$1"/chunk-*.pgd 2>/dev/null | wc -l; }
# Columns of `data export`: FEN, score, result, ply, best move, played move, game end.
columns() { "$bin" data export --include-excluded "$1" 2>/dev/null | cut -f "$2"; }

case "$case" in
determinism)
    rescore --out "$tmp/one" --nodes 600 --threads 1 || fail "rescore with 1 thread"
    rescore --out "$tmp/two" --nodes 600 --threads 2 || fail "rescore with 2 threads"
    [ "$(outputs "$tmp/two")" -eq 8 ] || fail "not one output per input"
    same_dirs "$tmp/one" "$tmp/two" || fail "1 and 2 threads gave different bytes"
    cmp -s "$tmp/one/rescore-manifest.txt" "$tmp/two/rescore-manifest.txt" ||
        fail "the thread count entered the manifest"
    run data verify "$tmp/two" || fail "the rescored files do not verify"
    grep -q "^OK .* 16 games" "$tmp/out" || fail "verify did not see the 16 games"
    # Self-play's own search settings find every verdict again.
    run data rescore --data "$tmp/in" --out "$tmp/same" --nodes 200 --hash 1 --threads 2 ||
        fail "rescore at self-play's settings"
    grep -q "scores changed 0.0%" "$tmp/out" || fail "self-play's settings changed scores"
    for f in "$tmp"/in/chunk-*.pgd; do
        cmp -s "$f" "$tmp/same/$(basename "$f")" || fail "$(basename "$f") differs at self-play's settings"
    done
    ;;
scores_change)
    rescore --out "$tmp/deep" --nodes 1500 --threads 2 || fail "rescore"
    grep -q "^rescore: 8 files (8 written, 0 already done), 16 games" "$tmp/out" ||
        fail "no summary line"
    for c in 1 3 4 6 7; do  # positions, results, plies, played moves, game ends
        cmp -s <(columns "$tmp/in" $c) <(columns "$tmp/deep" $c) ||
            fail "column $c of the export changed"
    done
    searched=$(columns "$tmp/in" 2 | wc -l)
    changed=$(paste <(columns "$tmp/in" 2) <(columns "$tmp/deep" 2) | awk '$1 != $2' | wc -l)
    [ "$changed" -gt $((searched / 3)) ] || fail "only $changed of $searched scores changed"
    grep -q "positions ([0-9]* searched)" "$tmp/out" || fail "the summary does not count searched plies"
    # Kept verdicts: no search, the best moves stay and the summary says so.
    rescore --out "$tmp/kept" --keep-verdicts --king-danger 100 --threads 2 ||
        fail "rescore --keep-verdicts"
    grep -q "positions ([0-9]* relabelled)" "$tmp/out" || fail "kept verdicts counted as searched"
    cmp -s <(columns "$tmp/in" 5) <(columns "$tmp/kept" 5) || fail "kept verdicts changed the best moves"
    ;;
resume_after_kill)
    rescore --out "$tmp/whole" --nodes 1500 --threads 2 || fail "uninterrupted rescore"
    "$bin" data rescore --data "$tmp/in" --out "$tmp/part" --nodes 1500 --hash 1 --threads 2 \
        --progress false >/dev/null 2>&1 &
    pid=$!
    # Killed once the first output is published, so the run is caught mid-way.
    for _ in $(seq 1 1000); do
        [ "$(outputs "$tmp/part")" -ge 1 ] && break
        kill -0 $pid 2>/dev/null || break
        sleep 0.01
    done
    kill -9 $pid 2>/dev/null
    wait $pid 2>/dev/null
    done_before=$(outputs "$tmp/part")
    [ "$done_before" -ge 1 ] && [ "$done_before" -lt 8 ] ||
        fail "the run was not caught mid-way ($done_before of 8 outputs)"
    rescore --out "$tmp/part" --nodes 1500 --threads 1 || fail "resumed rescore"
    grep -q "($((8 - done_before)) written, $done_before already done)" "$tmp/out" ||
        fail "the finished outputs were not kept"
    ls "$tmp/part"/*.tmp >/dev/null 2>&1 && fail "a temporary file was left"
    same_dirs "$tmp/whole" "$tmp/part" || fail "the resumed run's bytes differ"
    ;;
corrupt_input)
    victim="$tmp/in/chunk-00000003.pgd"
    printf '\xff' | dd of="$victim" bs=1 seek=150 conv=notrunc 2>/dev/null
    rescore --out "$tmp/out1" --nodes 300
    [ $? -eq 1 ] || fail "exit status not 1 for a corrupt input"
    grep -q "^error: bad input: $victim: chunk 1 of 1: checksum mismatch" "$tmp/err" ||
        fail "no clear error naming the corrupt file"
    [ "$(outputs "$tmp/out1")" -eq 0 ] || fail "outputs were published for corrupt input"
    head -c 200 "$tmp/in/chunk-00000000.pgd" >"$victim"
    rescore --out "$tmp/out1" --nodes 300
    [ $? -eq 1 ] || fail "exit status not 1 for a truncated input"
    grep -q "^error: bad input: $victim: truncated" "$tmp/err" ||
        fail "no clear error naming the truncated file"
    [ "$(outputs "$tmp/out1")" -eq 0 ] || fail "outputs were published for truncated input"
    ;;
settings_mismatch)
    rescore --out "$tmp/r" --nodes 400 || fail "rescore"
    cp -r "$tmp/r" "$tmp/before"
    rescore --out "$tmp/r" --nodes 500
    [ $? -eq 1 ] || fail "exit status not 1 for other settings"
    grep -q "nodes: directory has '400', this run has '500'" "$tmp/err" ||
        fail "the difference is not listed"
    rescore --out "$tmp/r" --nodes 400 --net builtin
    [ $? -eq 1 ] || fail "exit status not 1 for another net"
    grep -q "net: directory has 'hand-crafted'" "$tmp/err" || fail "the net difference is not listed"
    diff -r --exclude='.*.lock' "$tmp/before" "$tmp/r" >/dev/null || fail "a refused run changed the output directory"
    rescore --out "$tmp/r" --nodes 400 || fail "the original settings do not resume"
    grep -q "(0 written, 8 already done)" "$tmp/out" || fail "a finished run was redone"
    ;;
outside_engine)
    judge='option.Hash=1 "option.Use NNUE=false"'  # the UCI engine of this binary, as self-play searched
    rescore --out "$tmp/uci" --nodes 200 --threads 2 --engine "$judge" || fail "rescore by a UCI judge"
    grep -q "scores changed 0.0%, best moves changed 0.0%" "$tmp/out" ||
        fail "the UCI judge did not give self-play's verdicts"
    for f in "$tmp"/in/chunk-*.pgd; do
        cmp -s "$f" "$tmp/uci/$(basename "$f")" || fail "$(basename "$f") differs through UCI"
    done
    grep -q "^judge_engine = " "$tmp/uci/rescore-manifest.txt" || fail "the manifest does not name the judge"
    grep -q "^net = none (outside judge)$" "$tmp/uci/rescore-manifest.txt" ||
        fail "the manifest names a net the outside judge did not use"
    rescore --out "$tmp/half" --nodes 200 --threads 2 --engine "$judge" --engine-score-percent 50 ||
        fail "rescore with a scaled judge"
    # Centipawns halved (rounded away from zero), mates kept, best moves kept.
    bad=$(paste <(columns "$tmp/in" 2) <(columns "$tmp/half" 2) | awk '
        { a = $1; m = (a >= 31000 || a <= -31000);
          want = m ? a : (a >= 0 ? int(a / 2 + 0.5) : -int(-a / 2 + 0.5));
          if ($2 != want) n++ } END { print n + 0 }')
    [ "$bad" -eq 0 ] || fail "$bad scores are not the judge's scaled by 50%"
    cmp -s <(columns "$tmp/in" 5) <(columns "$tmp/half" 5) || fail "scaling changed best moves"
    # `data compare` measures the scale back: the halved labels are half the size.
    run data compare "$tmp/in" --with "$tmp/half" || fail "data compare of the two labellings"
    grep -q "B is 50\.[0-9]% of A" "$tmp/out" || fail "data compare does not find the scale of 50%"
    grep -q "best moves the same in 100.0%" "$tmp/out" || fail "data compare finds other best moves"
    run data compare "$tmp/in"
    [ $? -eq 2 ] || fail "exit status not 2 for data compare without --with"
    rescore --out "$tmp/half" --nodes 200 --engine "$judge" --engine-score-percent 60
    [ $? -eq 1 ] || fail "exit status not 1 for another scale"
    grep -q "judge_score_percent: directory has '50', this run has '60'" "$tmp/err" ||
        fail "the scale difference is not listed"
    # Refused before any work: exit 2 for options, 1 for an engine that does not run.
    for bad_options in "--engine '$judge' --net builtin" "--engine 'nodes=100'" \
        "--engine-score-percent 50" "--engine '$judge' --engine-score-percent 0" \
        "--engine '$judge' --keep-verdicts --king-danger 10"; do
        eval rescore --out "$tmp/bad" --nodes 200 "$bad_options"
        [ $? -eq 2 ] || fail "exit status not 2 for $bad_options"
        grep -q "^error: --" "$tmp/err" || fail "no error naming the option for $bad_options"
    done
    rescore --out "$tmp/gone" --nodes 200 --engine "cmd=$tmp/no-such-engine"
    [ $? -eq 1 ] || fail "exit status not 1 for an engine that does not run"
    grep -q "the judge engine did not start a new game" "$tmp/err" || fail "no clear error for a missing engine"
    [ "$(outputs "$tmp/gone")" -eq 0 ] || fail "outputs were published without a judge"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
exit 0
