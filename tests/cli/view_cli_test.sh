#!/usr/bin/env bash
# Checks `pantheon view`: the page of a match PGN embeds, for every ply, the
# position the UCI engine reaches playing the same moves (an independent
# replay under the rules), for both games; bad PGNs are refused with a clear
# error and a non-zero exit, and no page is written:
#   view_cli_test.sh PANTHEON_BINARY PROJECT_SOURCE_DIR CASE
set -uo pipefail
bin="$1" src="$2" case="$3"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

# The moves of the PGN's game number $2 (1-based), one a line: tags, comments,
# move numbers and the result marker left out.
pgn_moves() {
    awk -v want="$2" '/^\[Event / { ++game } game == want && !/^\[/' "$1" | tr '\n' ' ' |
        sed -e 's/{[^}]*}//g' | tr ' ' '\n' |
        grep -Ev '^$|^[0-9]+\.+$|^(1-0|0-1|1/2-1/2|\*)$'
}

# The FEN tag of game $2, or nothing for the variant's start.
pgn_start() {
    awk -v want="$2" '/^\[Event / { ++game } game == want && /^\[FEN "/' "$1" |
        sed -e 's/^\[FEN "//' -e 's/"\]$//'
}

# The FENs of game $2 (1-based) as the page $1 embeds them, one a line.
page_fens() {
    grep -oE '"fens":\[("[^"]*",?)*\]' "$1" | sed -n "${2}p" |
        sed -e 's/^"fens":\["//' -e 's/"\]$//' -e 's/","/\n/g'
}

# The FEN after each prefix of game $3's moves, as `pantheon uci` (variant $2)
# reports it ("d"), one a line.
uci_fens() {
    local pgn="$1" variant="$2" game="$3" start moves=() k
    start="$(pgn_start "$pgn" "$game")"
    mapfile -t moves < <(pgn_moves "$pgn" "$game")
    {
        echo "uci"
        echo "setoption name UCI_Variant value $variant"
        for ((k = 0; k <= ${#moves[@]}; ++k)); do
            if [ -n "$start" ]; then
                echo "position fen $start moves ${moves[*]:0:k}"
            else
                echo "position startpos moves ${moves[*]:0:k}"
            fi
            echo "d"
        done
        echo "quit"
    } | "$bin" uci | sed -n 's/^info string fen //p'
}

# Every game of the PGN $1 (variant $2) on the page $3 as the engine plays it.
check_page() {
    local pgn="$1" variant="$2" page="$3" games g
    games=$(grep -c '^\[Event ' "$pgn")
    for ((g = 1; g <= games; ++g)); do
        local expected actual
        expected="$(uci_fens "$pgn" "$variant" "$g")"
        actual="$(page_fens "$page" "$g")"
        [ -n "$expected" ] || fail "the engine gave no position for game $g"
        [ "$expected" = "$actual" ] ||
            fail "game $g: the page's positions differ from the engine's:
$(diff <(echo "$expected") <(echo "$actual") | head -10)"
    done
    grep -q '<script src=\|<link \|https\?://' "$page" && fail "the page fetches something"
    grep -q "\"variant\":\"$variant\"" "$page" || fail "the page is not $variant's"
}

case "$case" in
mansindam)
    # A Mansindam game with drops and promotions (from a FEN).
    run view "$src/tests/match/fixtures/earlier_writer.pgn" --out "$tmp/page.html" ||
        fail "non-zero exit"
    grep -q "wrote $tmp/page.html: 2 mansindam games" "$tmp/out" || fail "no summary line"
    check_page "$src/tests/match/fixtures/earlier_writer.pgn" mansindam "$tmp/page.html"
    # With a file of no games beside it (a shard that played none): the same games.
    : >"$tmp/none.pgn"
    run view "$tmp/none.pgn" "$src/tests/match/fixtures/earlier_writer.pgn" --out "$tmp/two.html" ||
        fail "non-zero exit with an empty file beside"
    check_page "$src/tests/match/fixtures/earlier_writer.pgn" mansindam "$tmp/two.html"
    grep -q "<title>Games of none.pgn, earlier_writer.pgn</title>" "$tmp/two.html" || fail "no title"
    grep -q '"files":9,"ranks":9,"zone":3' "$tmp/page.html" || fail "not a 9x9 board"
    ;;
pandemonium)
    # Games just played by the engine, from two of the start setups.
    (cd "$tmp" && "$bin" match --variant pandemonium --engine "name=a depth=1" \
        --engine "name=b depth=1" --rounds 2 --max-plies 40 --pgn p.pgn \
        >"$tmp/out" 2>"$tmp/err" </dev/null) || fail "the match failed"
    run view "$tmp/p.pgn" --out "$tmp/p.html" || fail "non-zero exit"
    check_page "$tmp/p.pgn" pandemonium "$tmp/p.html"
    grep -q '"files":10,"ranks":10,"zone":2' "$tmp/p.html" || fail "not a 10x10 board"
    ;;
bad_pgn)
    expect_refused() {  # PGN_FILE MESSAGE
        run view "$1" --out "$tmp/bad.html"
        local status=$?
        [ "$status" -eq 1 ] || fail "exit status $status for $1, expected 1"
        grep -qF "$2" "$tmp/err" || fail "no message '$2' for $1"
        [ -e "$tmp/bad.html" ] && fail "a page was written for $1"
        return 0
    }
    expect_refused "$tmp/missing.pgn" "error: cannot open $tmp/missing.pgn"
    printf 'not a pgn {unterminated\n' >"$tmp/garbage.pgn"
    expect_refused "$tmp/garbage.pgn" "error: $tmp/garbage.pgn: "
    : >"$tmp/empty.pgn"
    expect_refused "$tmp/empty.pgn" "error: no game in empty.pgn"
    # An illegal move (a pawn two squares ahead) is named with its game.
    sed 's/^3\. e3e4/3. e3e5/' "$src/tests/match/fixtures/earlier_writer.pgn" >"$tmp/illegal.pgn"
    expect_refused "$tmp/illegal.pgn" "game of round 1.1: move 1 'e3e5'"
    # Games of two variants on one page.
    { cat "$src/tests/match/fixtures/earlier_writer.pgn"; echo
      sed 's/\[Variant "mansindam"\]/[Variant "pandemonium"]/' \
          "$src/tests/match/fixtures/earlier_writer.pgn"; } >"$tmp/mixed.pgn"
    expect_refused "$tmp/mixed.pgn" "games of more than one variant"
    # A missing --out is a usage error.
    run view "$src/tests/match/fixtures/earlier_writer.pgn"
    [ $? -eq 2 ] || fail "no usage error without --out"
    ;;
*)
    echo "unknown case $case"
    exit 2
    ;;
esac
