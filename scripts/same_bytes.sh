#!/usr/bin/env bash
# Checks that a build writes the same bytes as an earlier one: for each game,
# the search bench signature, a small self-play run (chunk files and
# manifest), a fixed-seed training run on that data (net weights and loss rows) and a
# fixed-seed match (PGN; thinking times and the loss log's timings aside).
# A refactoring that claims "no change of behaviour"
# runs this against the build from before it.
#
#   scripts/same_bytes.sh OLD_BINARY NEW_BINARY [WORK_DIR]
#
# Prints one line per comparison and "N passed, N failed"; exits non-zero on
# any difference. WORK_DIR (default: a fresh temporary directory) keeps both
# builds' outputs for a closer look.
set -euo pipefail

[[ $# -ge 2 ]] || { sed -n '2,12p' "$0"; exit 2; }
old=$(realpath "$1")
new=$(realpath "$2")
work="${3:-$(mktemp -d)}"
mkdir -p "$work"
[[ -x "$old" && -x "$new" ]] || { echo "same_bytes: both binaries must exist" >&2; exit 2; }

# Small on purpose: a few minutes on 2 cores for both builds and both games.
SELFPLAY_GAMES=24
SELFPLAY_NODES=400
TRAIN_STEPS=20
TRAIN_BATCH=1024
MATCH_ROUNDS=4
MATCH_NODES=300

passed=0
failed=0
report() {  # report NAME OK
    if [[ "$2" == 1 ]]; then
        passed=$((passed + 1)); echo "same    $1"
    else
        failed=$((failed + 1)); echo "DIFFERS $1"
    fi
}
# The build's identity (`pantheon --version`: version, commit, compiler) is
# written beside the data by design (the self-play manifest, the PGN's
# Generator tag, the net's lineage); two builds differ there and nowhere else.
BUILD_IDENTITY='pantheon [0-9][0-9.]* (commit [^)]*)'
without_build() { sed -e "s/$BUILD_IDENTITY/BUILD/g" "$1"; }
same_files() {  # same_files A B: identical files, or trees (lock files hold PIDs), builds aside
    if [[ -d "$1" ]]; then
        diff -r -x '.*.lock' -x '*-manifest.txt' "$1" "$2" >/dev/null || return 1
        local manifest
        for manifest in "$1"/*-manifest.txt; do
            [[ -e "$manifest" ]] || continue
            cmp -s <(without_build "$manifest") <(without_build "$2/${manifest##*/}") || return 1
        done
    else
        cmp -s "$1" "$2"
    fi
}
# What remains of a file once the wall-clock fields are taken out: the loss
# rows less their last two columns (seconds, positions/s) and the log's notes
# (its first line names the build), the PGN less each move's thinking time
# and the build's identity, a net less its lineage (which names the build and
# the date): the hash of its parameters, as the newer binary's `net info`
# reads it from either net.
loss_rows() { grep -v '^#' "$1" | cut -d, -f1-7; }
net_weights() { "$new" net info --json "$1" | grep '"parameters_hash"'; }
pgn_moves() { without_build "$1" | sed -E 's/ [0-9]+\.[0-9]+s\}/}/g'; }

bench_signature() {  # bench_signature BINARY VARIANT
    "$1" bench search --variant "$2" 2>&1 | sed -n 's/^Nodes searched *: *//p' | tail -1
}

# Runs one build's steps for one game into DIR.
run_steps() {  # run_steps BINARY VARIANT DIR
    local bin="$1" variant="$2" dir="$3"
    rm -rf "$dir"
    mkdir -p "$dir"
    bench_signature "$bin" "$variant" >"$dir/bench.txt"
    "$bin" selfplay --variant "$variant" --games "$SELFPLAY_GAMES" --chunk-games 8 \
        --nodes "$SELFPLAY_NODES" --seed 7 --threads 2 --progress false \
        --out "$dir/selfplay" >/dev/null
    "$bin" train --variant "$variant" --data "$dir/selfplay" --out "$dir/net.nnue" \
        --max-steps "$TRAIN_STEPS" --batch-size "$TRAIN_BATCH" --seed 3 --threads 2 \
        --progress false --log-every 5 --validate-every 10 >/dev/null 2>&1
    "$bin" match --variant "$variant" \
        --engine "name=a cmd=$bin eval=hce nodes=$MATCH_NODES" \
        --engine "name=b cmd=$bin eval=builtin nodes=$MATCH_NODES" \
        --each "hash=16 threads=1" --rounds "$MATCH_ROUNDS" --concurrency 1 \
        --openings-plies 6 --openings-seed 11 --max-plies 200 \
        --pgn "$dir/match.pgn" --summary "$dir/match.json" >/dev/null 2>&1
}

# Every game of the new build (`pantheon games`: name, board, start position).
for variant in $("$new" games | cut -f1); do
    run_steps "$old" "$variant" "$work/old-$variant"
    run_steps "$new" "$variant" "$work/new-$variant"
    o="$work/old-$variant" n="$work/new-$variant"
    echo "$variant bench signature: $(cat "$o/bench.txt") (old), $(cat "$n/bench.txt") (new)"
    report "$variant bench signature" "$([[ -s "$o/bench.txt" ]] && same_files "$o/bench.txt" "$n/bench.txt" && echo 1)"
    report "$variant self-play chunks and manifest" "$(same_files "$o/selfplay" "$n/selfplay" && echo 1)"
    report "$variant trained net (weights)" \
        "$([[ -s "$o/net.nnue" ]] && cmp -s <(net_weights "$o/net.nnue") <(net_weights "$n/net.nnue") && echo 1)"
    report "$variant training loss rows" \
        "$(cmp -s <(loss_rows "$o/net.train.csv") <(loss_rows "$n/net.train.csv") && echo 1)"
    # The PGN's Date tag is the day it was played; both runs are on the same day.
    report "$variant match PGN (moves, scores, depths, results)" \
        "$([[ -s "$o/match.pgn" ]] && cmp -s <(pgn_moves "$o/match.pgn") <(pgn_moves "$n/match.pgn") && echo 1)"
done

echo "outputs in $work"
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
