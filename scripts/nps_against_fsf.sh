#!/usr/bin/env bash
# Search speed of pantheon beside Fairy-Stockfish, in one run on one machine:
# nodes per second from each game's start position for a fixed time, one
# thread, alternating the two programs ROUNDS times so that a machine's drift
# hits both alike. Pantheon runs with the hand-crafted evaluation and with
# its built-in net; Fairy-Stockfish with its variant files from
# ../shared/opponents. Prints a Markdown table for docs/BENCHMARKS.md with
# the ratios (the machine should be otherwise idle; the load is printed).
#
#   scripts/nps_against_fsf.sh PANTHEON_BINARY [ROUNDS]
#
# MOVETIME_MS (default 3000) and OPPONENTS (default ../shared/opponents from
# the repository root) come from the environment.
set -euo pipefail

[[ $# -ge 1 ]] || { sed -n '2,14p' "$0"; exit 2; }
pantheon=$(realpath "$1")
rounds="${2:-2}"
root=$(cd "$(dirname "$0")/.." && pwd)
opponents=$(realpath "${OPPONENTS:-$root/../shared/opponents}")
MOVETIME_MS=${MOVETIME_MS:-3000}
fsf="$opponents/fairy-stockfish"
[[ -x "$pantheon" ]] || { echo "nps_against_fsf: no binary $pantheon" >&2; exit 2; }
[[ -x "$fsf" ]] || { echo "nps_against_fsf: no Fairy-Stockfish at $fsf" >&2; exit 2; }

# Per game: our name, Fairy-Stockfish's variant name and file.
games=(mansindam pandemonium)
fsf_variants=(mansindam pandemonium10)
fsf_files=(mansindam.ini pandemonium.ini)

# Fairy-Stockfish's nodes/s of its last report of one timed search.
fsf_nps() {
    local variant=$1 file=$2
    {
        echo "setoption name VariantPath value $opponents/$file"
        echo "setoption name UCI_Variant value $variant"
        echo "setoption name Threads value 1"
        echo "isready"
        echo "position startpos"
        echo "go movetime $MOVETIME_MS"
        sleep $((MOVETIME_MS / 1000 + 2))
        echo "quit"
    } | "$fsf" 2>/dev/null | sed -n 's/^info depth.* nps \([0-9]*\).*/\1/p' | tail -1
}

pantheon_nps() {
    "$pantheon" bench nps --variant "$1" --movetime "$MOVETIME_MS" "${@:2}" 2>&1 |
        sed -n 's/.*, \([0-9]*\) nodes\/s$/\1/p' | tail -1
}

# Values joined by slashes, for one table cell.
join() { local IFS=/; echo "$*"; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "| Game | pantheon, hand-crafted (nodes/s) | pantheon, built-in net (nodes/s) | Fairy-Stockfish (nodes/s) | ratios: hand-crafted, net |"
echo "|---|---|---|---|---|"
for i in "${!games[@]}"; do
    hce=() net=() opp=()
    for ((r = 0; r < rounds; ++r)); do
        hce+=("$(pantheon_nps "${games[$i]}")")
        opp+=("$(fsf_nps "${fsf_variants[$i]}" "${fsf_files[$i]}")")
        net+=("$(pantheon_nps "${games[$i]}" --net builtin)")
    done
    ratios=$(python3 -c "
import statistics, sys
h, n, f = (list(map(int, a.split())) for a in sys.argv[1:4])
print(f'{statistics.mean(h) / statistics.mean(f):.2f}x, {statistics.mean(n) / statistics.mean(f):.2f}x')
" "${hce[*]}" "${net[*]}" "${opp[*]}")
    echo "| ${games[$i]} | $(join "${hce[@]}") | $(join "${net[@]}") | $(join "${opp[@]}") | $ratios |"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
