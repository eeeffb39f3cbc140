#!/usr/bin/env bash
# Checks `pantheon train` and `pantheon tune` pick the game of their data and
# refuse data of the other game than --variant names:
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
*)
    echo "unknown case $case"; exit 2 ;;
esac
exit 0
