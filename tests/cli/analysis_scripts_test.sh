#!/usr/bin/env bash
# Checks the match-reading scripts of scripts/ on PGNs `pantheon match` writes:
#   analysis_scripts_test.sh PANTHEON_BINARY PROJECT_SOURCE_DIR CASE
# clock_use: per player the time a move, the share of the clock (none at fixed
# nodes) and the depth, mate scores left out of the depth; a PGN that is not
# a match is refused with a non-zero exit; a move without a score still
# counts as its player's move. missed_mates: the lost games in which the
# opponent announced mate, and how many our engine thought itself ahead in.
# paired_anchor: two players'
# matches against one opponent compared round by round, only rounds both
# finished counted.
set -uo pipefail
bin="$1" src="$2" case="$3"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
clock_use() { python3 "$src/scripts/clock_use.py" "$@" >"$tmp/out" 2>"$tmp/err"; }
command -v python3 >/dev/null || { echo "no python3"; exit 77; }

# Two games of 4 plies from the start, 10+0.1: A moves first in game 1 and
# second in game 2, so each player's moves alternate across the games.
write_timed_pgn() {
    cat >"$tmp/m.pgn" <<'PGN'
[Event "Pantheon match"]
[White "A"]
[Black "B"]
[Result "1-0"]
[TimeControl "10+0.1"]

1. a1a2 {+0.50/10 1.000s} a9a8 {-0.20/12 0.500s} 2. a2a3 {+M3/40 2.000s} a8a7
{-M2/30 0.500s} 1-0

[Event "Pantheon match"]
[White "B"]
[Black "A"]
[Result "0-1"]
[TimeControl "10+0.1"]

1. a1a2 {+0.10/14 0.250s} a9a8 {+0.30/8 1.000s} 2. a2a3 {-0.10/16 0.250s} a8a7
{+0.40/9 1.000s} 0-1
PGN
}

# game ROUND.GAME WHITE BLACK RESULT: one finished game of a match PGN.
game() {
    printf '[Event "Pantheon match"]\n[Round "%s"]\n[White "%s"]\n[Black "%s"]\n[Result "%s"]\n\n1. a1a2 {+0.10/5 0.010s} %s\n\n' \
        "$1" "$2" "$3" "$4" "$4"
}

case "$case" in
paired)
    # A against fsf: rounds 1-3 score 1, 0.5, 0 (and round 4, which B did
    # not finish, 1); B: 0.5, 0.5, 0 (round 4 one game only). Differences
    # 0.5, 0, 0: mean 0.167, standard error 0.167, 95% half-width 0.327.
    { game 1.1 A fsf 1-0; game 1.2 fsf A 0-1; game 2.1 A fsf 1-0; game 2.2 fsf A 1-0
      game 3.1 A fsf 0-1; game 3.2 fsf A 1-0; game 4.1 A fsf 1-0; game 4.2 fsf A 0-1; } >"$tmp/a.pgn"
    { game 1.1 B fsf 1-0; game 1.2 fsf B 1-0; game 2.1 B fsf 0-1; game 2.2 fsf B 0-1
      game 3.1 B fsf 0-1; game 3.2 fsf B 1-0; game 4.1 B fsf 1-0; } >"$tmp/b.pgn"
    python3 "$src/scripts/paired_anchor.py" "$tmp/a.pgn" A "$tmp/b.pgn" B >"$tmp/out" 2>"$tmp/err" ||
        fail "paired_anchor refused two matches"
    grep -qF "3 game pairs in common: A 50.0%, B 33.3%; paired difference +0.167 +- 0.327 in score" \
        "$tmp/out" || fail "the paired difference"
    python3 "$src/scripts/paired_anchor.py" "$tmp/a.pgn" C "$tmp/b.pgn" B >"$tmp/out" 2>"$tmp/err" &&
        fail "a player who plays no game was accepted"
    grep -q "C plays no game" "$tmp/err" || fail "no clear error for a missing player"
    ;;
timed)
    write_timed_pgn
    clock_use "$tmp/m.pgn" || fail "clock_use refused a timed match"
    # A: 4 moves, 5 s (1.25 a move), each game 3 s and 2 s of 10.2 (0.29,
    # 0.20: median 0.25); depths 10, 8, 9 (the mate's 40 left out).
    grep -qP '^A\t2\t2\t4\t1\.250\t0\.25\t9\t' "$tmp/out" || fail "player A's line"
    # B: 4 moves, 1.5 s; depths 12, 14, 16 (the mate's 30 left out).
    grep -qP '^B\t2\t0\t4\t0\.375\t0\.07\t14\t' "$tmp/out" || fail "player B's line"
    ;;
nodes)
    # A real match at fixed nodes: no clock, so no share; depths are read.
    "$bin" match --engine "name=x eval=hce nodes=300" --engine "name=y eval=hce nodes=300" \
        --rounds 1 --max-plies 12 --openings-plies 4 --openings-seed 3 --pgn "$tmp/m.pgn" \
        >"$tmp/match.out" 2>&1 || { cat "$tmp/match.out"; fail "the match did not run"; }
    clock_use "$tmp/m.pgn" || fail "clock_use refused a match at fixed nodes"
    for p in x y; do
        grep -qP "^$p\t2\t[0-2]\t[0-9]+\t[0-9.]+\t-\t[0-9.]+\t[0-9.]+-[0-9.]+$" "$tmp/out" ||
            fail "player $p's line"
    done
    ;;
unscored_move)
    # A move without a score ({1.000s}) is still A's move: B's depths stay B's.
    cat >"$tmp/m.pgn" <<'PGN'
[Event "Pantheon match"]
[White "A"]
[Black "B"]
[Result "1-0"]
[TimeControl "-"]

1. a1a2 {1.000s} a9a8 {+0.20/12 0.500s} 2. a2a3 {+0.10/6 1.000s} a8a7
{-0.30/14 0.500s} 1-0
PGN
    clock_use "$tmp/m.pgn" || fail "clock_use refused a move without a score"
    grep -qP '^A\t1\t1\t2\t1\.000\t-\t6\t6-6$' "$tmp/out" || fail "player A's line"
    grep -qP '^B\t1\t0\t2\t0\.500\t-\t13\t11\.5-14\.5$' "$tmp/out" || fail "player B's line"
    ;;
missed_mates)
    # gen-5 loses two games in which fsf announces mate: before the first
    # announcement it thought itself ahead (+1.50), before the second behind
    # (-2.00). A loss without an announcement and an unfinished game with
    # one do not count.
    cat >"$tmp/m.pgn" <<'PGN'
[Event "Pantheon match"]
[White "gen-5"]
[Black "fsf"]
[Result "0-1"]

1. a1a2 {+1.50/10 0.100s} a9a8 {+M3/12 0.100s} 2. a2a3 {-M2/9 0.100s} a8a7
{+M1/12 0.100s} 0-1

[Event "Pantheon match"]
[White "fsf"]
[Black "gen-5"]
[Result "1-0"]

1. a1a2 {+0.30/10 0.100s} a9a8 {-2.00/9 0.100s} 2. a2a3 {+M2/12 0.100s} a8a7
{-M1/5 0.100s} 1-0

[Event "Pantheon match"]
[White "gen-5"]
[Black "fsf"]
[Result "0-1"]

1. a1a2 {+0.50/10 0.100s} a9a8 {+4.00/10 0.100s} 0-1

[Event "Pantheon match"]
[White "gen-5"]
[Black "fsf"]
[Result "*"]

1. a1a2 {+2.50/10 0.100s} a9a8 {+M3/12 0.100s}
PGN
    mates() { python3 "$src/scripts/missed_mates.py" "$@" >"$tmp/out" 2>"$tmp/err"; }
    mates "$tmp/m.pgn" --player gen || fail "missed_mates refused a match"
    grep -qF "2 lost games with an announced mate; our engine thought itself ahead (+1.00 or more) at its last move before it in 1" \
        "$tmp/out" || fail "the count of announced mates"
    mates "$tmp/m.pgn" --player gen --before && fail "--before without a judge was accepted"
    grep -q "need at least one --judge" "$tmp/err" || fail "no clear error for --before alone"
    mates "$tmp/none.pgn" --player gen && fail "a missing file was accepted"
    grep -q "error: .*none.pgn" "$tmp/err" || fail "no clear error for a missing file"
    ;;
not_a_match)
    echo "not a pgn" >"$tmp/m.pgn"
    clock_use "$tmp/m.pgn" && fail "a file without games was accepted"
    grep -q "error: no finished game" "$tmp/err" || fail "no clear error"
    ;;
*) echo "unknown case $case"; exit 2 ;;
esac
