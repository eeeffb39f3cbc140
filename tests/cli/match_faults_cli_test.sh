#!/usr/bin/env bash
# `pantheon match` with faulty engines, killed with kill -9 and resumed:
#   match_faults_cli_test.sh PANTHEON_BINARY TEST_ENGINE CASE
# kill_resume: a round robin with engines that crash, hang and send garbage,
#   killed with kill -9 after a few games, then --resume: every engine
#   process dies with the match, and the resumed run deals the remaining
#   rounds (openings, pairings) and ends with exactly the games of an
#   uninterrupted run.
# orphans: an engine hung in its search when the match is killed with
#   kill -9 does not outlive the match.
set -uo pipefail
bin="$1" engine="$2" case="$3"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
first=""
trap '[ -n "$first" ] && kill -9 "$first" 2>/dev/null; rm -rf "$tmp"' EXIT

# The games of a PGN, one a line, without what depends on the clock (dates,
# move times, how long a hung engine was waited for), sorted: the same set
# whatever the order games finished in.
game_set() {
    sed -E -e '/^\[Date /d' -e 's/ [0-9.]+s\}/}/g' -e 's/after [0-9]+ ms/after N ms/' "$1" |
        awk 'BEGIN { RS = ""; ORS = "\n" } /^\[/ { tags = $0; next } { gsub(/\n/, " ", tags); gsub(/\n/, " "); print tags " " $0 }' |
        sort
}
# recorded STATE: the number of games the state file records.
recorded() { grep -o '\[[0-9]*, *[01], *[0-9]*, *[0-9]*, *"[^"]*", *"[^"]*", *[0-9]*\]' "$1" 2>/dev/null | wc -l; }

case "$case" in
kill_resume)
    player() { echo "name=$1 cmd=$engine depth=1 arg=--delay arg=5 $2"; }
    args=(match --format roundrobin --rounds 2 --concurrency 2 --openings-plies 4 --openings-seed 7
          --max-plies 30 --untimed-timeout 300 --startup-timeout 5000 --progress false
          --engine "$(player good 'arg=--seed arg=1')"
          --engine "$(player crasher 'arg=--mode arg=crash arg=--after arg=3')"
          --engine "$(player hanger 'arg=--mode arg=hang arg=--after arg=3')"
          --engine "$(player garbler 'arg=--mode arg=garbage arg=--after arg=4')")
    mkdir "$tmp/whole" "$tmp/killed"
    (cd "$tmp/whole" && run "${args[@]}") || fail "uninterrupted match"
    total=$(grep -c '^\[Event ' "$tmp/whole/match.pgn")
    [ "$total" -eq 24 ] || fail "$total games in the uninterrupted run, expected 24"
    (cd "$tmp/killed" && exec "$bin" "${args[@]}" >"$tmp/first.out" 2>&1 </dev/null) &
    first=$!
    for ((i = 0; i < 600; ++i)); do
        [ "$(recorded "$tmp/killed/match.pgn.state.json")" -ge 4 ] && break
        kill -0 "$first" 2>/dev/null || break
        sleep 0.05
    done
    kill -0 "$first" 2>/dev/null || fail "the match ended before it could be killed"
    kill9 "$first"
    first=""
    done_before=$(recorded "$tmp/killed/match.pgn.state.json")
    [ "$done_before" -lt 24 ] || fail "every game was finished before the kill"
    (cd "$tmp/killed" && run "${args[@]}" --resume) || fail "resumed match"
    [ "$(game_set "$tmp/killed/match.pgn")" == "$(game_set "$tmp/whole/match.pgn")" ] ||
        fail "the resumed run's games differ from the uninterrupted run's"
    grep -q '"stop_reason": *"completed"' "$tmp/killed/match.pgn.state.json" || fail "not completed"
    # The faults are scored, and the summary's endings count them.
    for end in disconnect "stalled connection" "protocol error"; do
        n=$(grep -c "^\[Termination \"$end\"\]" "$tmp/killed/match.pgn")
        [ "$n" -gt 0 ] || fail "no game ended by $end"
        grep -Eq "\"$end\": *$n\b" "$tmp/killed/match.json" || fail "the summary does not count $n $end endings"
    done
    ;;
orphans)
    cd "$tmp" || exit 1
    "$bin" match --engine "name=good cmd=$engine depth=1" \
        --engine "name=hanger cmd=$engine depth=1 arg=--mode arg=hang" \
        --untimed-timeout 600000 --rounds 1 --progress false >"$tmp/out" 2>"$tmp/err" </dev/null &
    first=$!
    wait_for_lock "$tmp/.match.pgn.lock"
    for ((i = 0; i < 100; ++i)); do [ "$(pgrep -P "$first" | wc -l)" -ge 2 ] && break; sleep 0.05; done
    sleep 0.5  # the hanger's first search has begun by now (if not, it quits on its own)
    kill9 "$first"
    first=""
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
exit 0
