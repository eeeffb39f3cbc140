#!/usr/bin/env bash
# Speed of two builds side by side, in one run on one machine: perft, search
# nodes per second (hand-crafted and built-in net, both games), self-play
# positions per second (hand-crafted at 3,000 nodes; each game with its
# built-in net at the loop's 5,000 nodes) and training positions per
# CPU-second, each run alternately by the old and the new binary ROUNDS
# times (old, new, old, new, ...), so that a machine's drift hits both
# alike. Prints a Markdown table (each cell: the rounds' figures) for
# docs/BENCHMARKS.md; the machine should be otherwise idle (the load average
# is printed).
#
#   scripts/speed_side_by_side.sh OLD_BINARY NEW_BINARY [ROUNDS]
#
# ROUNDS defaults to 2; NPS_MOVETIME_MS, SELFPLAY_GAMES, NET_SELFPLAY_GAMES and
# TRAIN_STEPS in the environment shorten or lengthen the runs (a quick check
# of the script).
#
# A refactoring that claims "no change of speed" runs this together with
# scripts/same_bytes.sh against the build from before it.
set -euo pipefail

[[ $# -ge 2 ]] || { sed -n '2,19p' "$0"; exit 2; }
old=$(realpath "$1")
new=$(realpath "$2")
rounds="${3:-2}"
[[ -x "$old" && -x "$new" ]] || { echo "speed_side_by_side: both binaries must exist" >&2; exit 2; }

# Long enough to be steady on 2 cores, short enough for the whole table to
# take a few minutes.
NPS_MOVETIME_MS=${NPS_MOVETIME_MS:-3000}
SELFPLAY_GAMES=${SELFPLAY_GAMES:-64}
SELFPLAY_NODES=3000
NET_SELFPLAY_GAMES=${NET_SELFPLAY_GAMES:-48}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
TRAIN_STEPS=${TRAIN_STEPS:-20}

# Each figure: a label, the command's arguments after the binary, and a sed
# expression printing the figure from its output.
labels=(
    "Mansindam perft 5 from the start, best of 3 (nodes/s)"
    "Pandemonium perft 5 from the start, best of 3 (nodes/s)"
    "Mansindam search from the start, ${NPS_MOVETIME_MS} ms, hand-crafted evaluation (nodes/s)"
    "same, built-in net (nodes/s)"
    "Pandemonium search from the start, ${NPS_MOVETIME_MS} ms, built-in net (nodes/s)"
    "Mansindam self-play, ${SELFPLAY_GAMES} games at ${SELFPLAY_NODES} nodes, 2 threads (positions/s)"
    "Mansindam self-play, built-in net, ${NET_SELFPLAY_GAMES} games at 5000 nodes, 2 threads (positions/s)"
    "Pandemonium self-play, built-in net, ${NET_SELFPLAY_GAMES} games at 5000 nodes, 2 threads (positions/s)"
    "training step on prepared batches, 1 thread, synthetic games (positions per CPU-second)"
)
commands=(
    "bench perft"
    "bench perft --variant pandemonium"
    "bench nps --movetime $NPS_MOVETIME_MS"
    "bench nps --movetime $NPS_MOVETIME_MS --net builtin"
    "bench nps --variant pandemonium --movetime $NPS_MOVETIME_MS --net builtin"
    "bench selfplay --games $SELFPLAY_GAMES --nodes $SELFPLAY_NODES --threads 2"
    "selfplay --net builtin --games $NET_SELFPLAY_GAMES --nodes 5000 --threads 2 --out $scratch/sp"
    "selfplay --variant pandemonium --net builtin --games $NET_SELFPLAY_GAMES --nodes 5000 --threads 2 --out $scratch/sp"
    "bench train --threads 1 --steps $TRAIN_STEPS"
)
extract=(
    's/.*, \([0-9]*\) nodes\/s$/\1/p'
    's/.*, \([0-9]*\) nodes\/s$/\1/p'
    's/.*, \([0-9]*\) nodes\/s$/\1/p'
    's/.*, \([0-9]*\) nodes\/s$/\1/p'
    's/.*, \([0-9]*\) nodes\/s$/\1/p'
    's/^ *[0-9.]* s  *[0-9.]* games\/s  *\([0-9]*\) positions\/s.*/\1/p'
    's/^selfplay shard .* games\/s, \([0-9]*\) positions\/s.*/\1/p'
    's/^selfplay shard .* games\/s, \([0-9]*\) positions\/s.*/\1/p'
    's/.*training step (prepared batches): [0-9]* positions\/s (\([0-9]*\) per CPU-second.*/\1/p'
)

figure() {  # figure BINARY INDEX
    rm -rf "$scratch/sp"  # self-play writes a fresh run each time
    # shellcheck disable=SC2086  # the command's words are meant to split
    "$1" ${commands[$2]} 2>&1 | sed -n "${extract[$2]}" | tail -1
}

grouped() {  # 1234567 -> 1,234,567
    sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta' <<<"$1"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
declare -A cells
for ((i = 0; i < ${#labels[@]}; ++i)); do
    for ((r = 0; r < rounds; ++r)); do
        for side in old new; do
            bin=$old
            [[ $side == new ]] && bin=$new
            value=$(figure "$bin" "$i")
            [[ -n "$value" ]] || { echo "speed_side_by_side: no figure from '$bin ${commands[$i]}'" >&2; exit 1; }
            cells[$side,$i]+="${cells[$side,$i]:+ / }$(grouped "$value")"
        done
    done
    echo "measured: ${labels[$i]}" >&2
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

echo "| Figure | old | new | Command |"
echo "|---|---|---|---|"
for ((i = 0; i < ${#labels[@]}; ++i)); do
    echo "| ${labels[$i]} | ${cells[old,$i]} | ${cells[new,$i]} | \`pantheon ${commands[$i]//$scratch\/sp/DIR}\` |"
done
