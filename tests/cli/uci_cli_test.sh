#!/usr/bin/env bash
# Checks that `pantheon uci --variant V` starts with the named game and shows
# it as UCI_Variant's default, that bare `pantheon` plays Mansindam, and that
# an unknown game is refused:  uci_cli_test.sh PANTHEON_BINARY CASE
set -uo pipefail
bin="$1" case="$2"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

# uci_session SCRIPT ARGS...: feeds the script's lines to the binary.
uci_session() { local script="$1"; shift; printf '%b' "$script" | "$bin" "$@" >"$tmp/out" 2>"$tmp/err"; }

pandemonium_start="rnbqkmcbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR[] w KQkq - 0 1"
# Pandemonium with the built-in net: its first root move alone costs more than
# a million nodes (quiescence chains of checks and interposed drops).
costly_first_move="2R7/p3k5/2Rp2+B3/3p2c3/3p1p3p/2bP1P3P/p1M7/4P5/PPP3PP2/1KR3C3[MPqqrbbnnnnppp] b - - 0 52"
variant_option() { echo "option name UCI_Variant type combo default $1 var mansindam var pandemonium"; }

case "$case" in
pandemonium)
    uci_session "uci\nposition startpos\nd\ngo depth 2\nquit\n" uci --variant pandemonium ||
        fail "uci --variant pandemonium"
    grep -qxF "$(variant_option pandemonium)" "$tmp/out" || fail "UCI_Variant's default is not pandemonium"
    grep -qxF "info string fen $pandemonium_start" "$tmp/out" || fail "not Pandemonium's start"
    best=$(sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$tmp/out")
    [ -n "$best" ] || fail "no bestmove"
    # The move is legal in Pandemonium: the session plays it without complaint.
    uci_session "position startpos moves $best\nd\nquit\n" uci --variant pandemonium ||
        fail "replaying $best"
    grep -q "illegal\|bad move\|error" "$tmp/out" && fail "$best is not legal in Pandemonium"
    grep -q "^info string fen rnbqkmcbnr/pppppppppp/.* b KQkq " "$tmp/out" ||
        fail "$best did not give a Pandemonium position with black to move"
    # UCI_Variant still switches at run time.
    uci_session "setoption name UCI_Variant value mansindam\nd\nquit\n" uci --variant pandemonium ||
        fail "switching back"
    grep -q "^info string fen [^ ]*/[^ ]*" "$tmp/out" || fail "no position"
    grep -q "^info string fen rnbqkmcbnr" "$tmp/out" && fail "still Pandemonium after UCI_Variant"
    ;;
mansindam_default)
    # `pantheon` and `pantheon uci` play Mansindam, whose name is the default.
    for args in "" "uci"; do
        # shellcheck disable=SC2086
        uci_session "uci\nposition startpos\nd\nquit\n" $args || fail "pantheon $args"
        grep -qxF "$(variant_option mansindam)" "$tmp/out" || fail "pantheon $args: default"
        grep -q "^info string fen [^ ]*9" "$tmp/out" || fail "pantheon $args: not a 9x9 board"
        grep -q "^info string fen [^ ]*10" "$tmp/out" && fail "pantheon $args: a 10x10 board"
    done
    ;;
check_chains)
    # With the built-in net, quiescence chains of checks and interposed drops
    # held one search at `go nodes 5000` for half an hour, its first root move
    # never finished; the node limit's backstop (FIRST_MOVE_* in
    # engine/search/search_params.h: here 1,000,000 nodes) now ends it.
    # The input stays open until bestmove (its end would stop the search), 60 s at most.
    {
        printf 'uci\nposition fen %s\ngo nodes 5000\n' "$costly_first_move"
        for _ in $(seq 600); do grep -q "^bestmove " "$tmp/out" && break; sleep 0.1; done
        grep -q "^bestmove " "$tmp/out" || touch "$tmp/late"
        echo quit
    } | "$bin" uci --variant pandemonium >"$tmp/out" 2>"$tmp/err" || fail "uci session"
    [ ! -e "$tmp/late" ] || fail "no bestmove within 60 s"
    # The first move in root order, unsearched (so no info line), but legal.
    best=$(sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$tmp/out")
    uci_session "position fen $costly_first_move moves $best\nd\nquit\n" uci --variant pandemonium ||
        fail "replaying $best"
    grep -q "illegal\|bad move\|error" "$tmp/out" && fail "$best is not legal"
    ;;
first_move_clock)
    # The same position with 500 ms on the clock: the wait for its costly first
    # root move once took a whole second and lost on time; it now ends at nine
    # tenths of the clock left after Move Overhead (engine/search/time_manager.cpp).
    now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
    {
        printf 'uci\nposition fen %s\nisready\n' "$costly_first_move"
        for _ in $(seq 600); do grep -q "^readyok" "$tmp/out" && break; sleep 0.01; done
        start=$(now_ms)
        printf 'go wtime 500 btime 500\n'
        for _ in $(seq 6000); do grep -q "^bestmove " "$tmp/out" && break; sleep 0.01; done
        echo $(( $(now_ms) - start )) >"$tmp/elapsed"
        echo quit
    } | "$bin" uci --variant pandemonium >"$tmp/out" 2>"$tmp/err" || fail "uci session"
    grep -q "^bestmove " "$tmp/out" || fail "no bestmove"
    elapsed=$(cat "$tmp/elapsed")
    # 500 ms on the clock: 423 ms of search at most, the rest is the pipe's lag.
    [ "$elapsed" -lt 500 ] || fail "bestmove after $elapsed ms on a 500 ms clock"
    ;;
bad_variant)
    uci_session "uci\nquit\n" uci --variant chess && fail "an unknown game was accepted"
    grep -q "uciok" "$tmp/out" && fail "a session started for an unknown game"
    grep -q "variant" "$tmp/err" || fail "no clear error"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
exit 0
