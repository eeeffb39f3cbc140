#!/usr/bin/env bash
# Checks `pantheon train` and `pantheon tune` pick the game of their data and
# refuse data of the other game than --variant names; nets carry their
# lineage and `pantheon net info` shows it and refuses bad files; `net widen`
# keeps a net's evaluation:
#   train_cli_test.sh PANTHEON_BINARY PROJECT_SOURCE_DIR CASE
set -uo pipefail
bin="$1" src="$2" case="$3"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
fixtures="$src/tests/data/fixtures"


# The command refuses with status 2 and an error naming both games, writing nothing.
refused() {
    [ $? -eq 2 ] || fail "exit status not 2 for data of the other game: $1"
    grep -q "^error: the data holds $2 games but --variant is $3" "$tmp/err" ||
        fail "no clear error for data of the other game: $1"
    if [ -n "$(ls "$tmp/o")" ]; then fail "an output was written: $1"; fi
}

mkdir "$tmp/o"
case "$case" in
variant_mismatch)
    run train --variant mansindam --data "$fixtures/pandemonium_v2.pgd" --out "$tmp/o/n.nnue" \
        --progress false
    refused "train, Pandemonium data" pandemonium mansindam
    run train --variant pandemonium --data "$fixtures/mansindam_v1.pgd" --out "$tmp/o/n.nnue" \
        --progress false
    refused "train, Mansindam data" mansindam pandemonium
    run tune --variant mansindam --data "$fixtures/pandemonium_v2.pgd" --out "$tmp/o/w.h" \
        --progress false
    refused "tune, Pandemonium data" pandemonium mansindam
    run tune --variant pandemonium --data "$fixtures/mansindam_v1.pgd" --out "$tmp/o/w.h" \
        --progress false
    refused "tune, Mansindam data" mansindam pandemonium
    run bench train --variant pandemonium --data "$fixtures/mansindam_v1.pgd"
    refused "bench train, Mansindam data" mansindam pandemonium
    ;;
game_from_data)
    # No --variant: the Pandemonium fixture makes both commands play Pandemonium.
    run train --data "$fixtures/pandemonium_v2.pgd" --out "$tmp/o/n.nnue" --max-steps 2 \
        --batch-size 16 --skip-in-check false --skip-tactical false --progress false
    [ $? -eq 0 ] || fail "train on Pandemonium data without --variant"
    grep -q pandemonium "$tmp/o/n.nnue" || fail "the net does not name pandemonium"
    run tune --data "$fixtures/pandemonium_v2.pgd" --out "$tmp/o/w.h" --iterations 2 \
        --holdout-every 0 --skip-in-check false --skip-tactical false --progress false
    [ $? -eq 0 ] || fail "tune on Pandemonium data without --variant"
    grep -q "^// Game: pandemonium (engine/search/eval_weights_pandemonium.h)$" "$tmp/o/w.h" ||
        fail "the weights header is not Pandemonium's"
    ;;
lineage)
    # A net fine-tuned from another carries the parent's and the data's
    # SHA-256 and the note (what the pipeline gives train: --init, --data),
    # and `net info` shows them; a finished run resumed under the same limit
    # changes nothing, under a higher one goes on.
    args=(--data "$fixtures/mansindam_v1.pgd" --batch-size 16 --skip-in-check false
          --skip-tactical false --progress false)
    run train "${args[@]}" --max-steps 2 --out "$tmp/o/parent.nnue" || fail "training the parent"
    run train "${args[@]}" --max-steps 2 --out "$tmp/o/child.nnue" --init "$tmp/o/parent.nnue" \
        --note "generation 1" --save-every 1 || fail "fine-tuning the child"
    # The net along the way is one the engine plays with.
    printf 'setoption name EvalFile value %s\nsetoption name Use NNUE value true\nposition startpos\ngo depth 2\nquit\n' \
        "$tmp/o/child.step-1.nnue" | "$bin" uci >"$tmp/out" 2>"$tmp/err"
    grep -q "^bestmove " "$tmp/out" || fail "no move with the net along the way"
    grep -q "EvalFile" "$tmp/out" && fail "the engine refused the net along the way"
    rm "$tmp/o/child.step-1.nnue"
    head -1 "$tmp/o/child.train.csv" | grep -q "^# pantheon " || fail "no build line in the log"
    run net info "$tmp/o/child.nnue" --json || fail "net info --json"
    parent_sha=$(sha256sum "$tmp/o/parent.nnue" | cut -d' ' -f1)
    data_sha=$(sha256sum "$fixtures/mansindam_v1.pgd" | cut -d' ' -f1)
    net_sha=$(sha256sum "$tmp/o/child.nnue" | cut -d' ' -f1)
    grep -q "\"sha256\": \"$parent_sha\"" "$tmp/out" || fail "the parent's sha256 is not in the lineage"
    grep -q "\"sha256\": \"$data_sha\"" "$tmp/out" || fail "the data's sha256 is not in the lineage"
    grep -q "^  \"sha256\": \"$net_sha\"" "$tmp/out" || fail "the file's sha256 is not shown"
    grep -q "\"note\": \"generation 1\"" "$tmp/out" || fail "the note is not in the lineage"
    grep -q "\"variant\": \"mansindam\"" "$tmp/out" || fail "no variant"
    run net info "$tmp/o/child.nnue" || fail "net info"
    grep -q "^  parent .*$parent_sha" "$tmp/out" || fail "net info does not show the parent"
    # The same limit: finished, the net unchanged; a higher one: more steps.
    cp "$tmp/o/child.nnue" "$tmp/child-2.nnue"
    run train "${args[@]}" --max-steps 2 --out "$tmp/o/child.nnue" --resume "$tmp/o/child.ckpt" ||
        fail "resuming a finished run"
    grep -q "already finished" "$tmp/out" || fail "a finished run is not said to be finished"
    cmp -s "$tmp/o/child.nnue" "$tmp/child-2.nnue" || fail "a finished run's net changed"
    run train "${args[@]}" --max-steps 4 --out "$tmp/o/child.nnue" --resume "$tmp/o/child.ckpt" ||
        fail "continuing a finished run under a higher limit"
    run net info "$tmp/o/child.nnue" --json || fail "net info after the continuation"
    grep -q "^    \"steps\": 4,\|^  \"steps\": 4" "$tmp/out" || fail "the continued net has not 4 steps"
    ;;
net_info_refusals)
    # An older net's free-text description is shown; a truncated file, a
    # file that is no net and a missing file are refused with status 1.
    # Every net in the repository has a lineage: the older kind is made from
    # the built-in one with a free-text description.
    run net info "$src/nnue/nets/default.nnue" --json || fail "net info on the built-in net"
    grep -q '"lineage": {' "$tmp/out" || fail "the built-in net's lineage is not shown"
    python3 "$src/tests/cli/net_with_description.py" "$src/nnue/nets/default.nnue" \
        "$tmp/o/older.nnue" "made before lineages" || fail "cannot write a free-text net"
    run net info "$tmp/o/older.nnue" --json || fail "net info on a free-text net"
    grep -q '"lineage": null' "$tmp/out" || fail "a free-text net shows a lineage"
    grep -q '"description": "made before lineages"' "$tmp/out" || fail "the free text is not shown"
    head -c 100000 "$src/nnue/nets/default.nnue" > "$tmp/o/short.nnue"
    run net info "$tmp/o/short.nnue"
    [ $? -eq 1 ] || fail "a truncated net was not refused with status 1"
    grep -q "^error: net file: truncated" "$tmp/err" || fail "no clear error for a truncated net"
    echo "not a net" > "$tmp/o/text.nnue"
    run net info "$tmp/o/text.nnue"
    [ $? -eq 1 ] || fail "a text file was not refused"
    grep -q "^error: net file: wrong magic" "$tmp/err" || fail "no clear error for a text file"
    run net info "$tmp/o/missing.nnue"
    [ $? -eq 1 ] || fail "a missing file was not refused"
    grep -q "^error: net file: cannot open" "$tmp/err" || fail "no clear error for a missing file"
    run net info "$src/nnue/nets/pandemonium.nnue" || fail "net info on Pandemonium's net"
    grep -q "^variant *pandemonium" "$tmp/out" || fail "Pandemonium's net is not read as Pandemonium's"
    ;;
net_widen)
    # At this build's own width the net is written unchanged (the same
    # parameters hash); a truncated net is refused with status 1 and nothing
    # written. Widening to a wider build is covered by the nnue tests.
    for net in default pandemonium; do
        run net widen "$src/nnue/nets/$net.nnue" --out "$tmp/o/$net-w.nnue" --seed 3 ||
            fail "net widen of $net.nnue"
        grep -q "the same evaluation" "$tmp/out" || fail "net widen did not report the widening"
        run net info --json "$src/nnue/nets/$net.nnue"
        want=$(grep '"parameters_hash"' "$tmp/out")
        run net info --json "$tmp/o/$net-w.nnue" || fail "the widened $net net does not load"
        [ "$(grep '"parameters_hash"' "$tmp/out")" = "$want" ] ||
            fail "widening $net.nnue to its own width changed its parameters"
    done
    head -c 100000 "$src/nnue/nets/default.nnue" > "$tmp/short.nnue"
    run net widen "$tmp/short.nnue" --out "$tmp/o/short-w.nnue"
    [ $? -eq 1 ] || fail "a truncated net was not refused with status 1"
    grep -q "^error: net file: truncated" "$tmp/err" || fail "no clear error for a truncated net"
    [ ! -e "$tmp/o/short-w.nnue" ] || fail "a refused net was written"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
exit 0
