#!/usr/bin/env bash
# Checks the `pantheon perft` command line contract of issue 2 / SPEC:
#   perft_cli_test.sh PANTHEON_BINARY SHARED_DIR CASE
# Each CASE is one CTest test; exit 77 means skipped (no shared data).
set -uo pipefail
bin="$1" shared="$2" case="$3"
suite="$shared/reference/mansindam-perft.tsv"
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
expect_line() { grep -qxF -- "$1" "$tmp/out" || fail "no line '$1'"; }

case "$case" in
garbage_fen)
    run perft --fen garbage --depth 1 && fail "exit status 0 for a garbage FEN"
    grep -q "invalid FEN" "$tmp/err" || fail "no clear error on stderr"
    ;;
count)
    run perft --depth 3 || fail "non-zero exit"
    expect_line "Nodes searched: 32238"
    ;;
divide)
    run perft --fen "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1" --depth 2 --divide || fail "non-zero exit"
    expect_line "e1e2: 5"
    expect_line "Nodes searched: 25"
    [[ $(grep -c -E '^[a-i][1-9][a-i][1-9]\+?: [0-9]+$' "$tmp/out") -eq 5 ]] || fail "want 5 move lines"
    [[ $(tail -n 1 "$tmp/out") == "Nodes searched: 25" ]] || fail "must end with the total"
    ;;
suite_pass)
    [[ -f "$suite" ]] || { echo "skipped: no $suite"; exit 77; }
    run perft --suite "$suite" --max-depth 2 || fail "non-zero exit on the reference suite"
    n=$(grep -c -v -e '^#' -e '^$' "$suite")
    expect_line "$n passed, 0 failed"
    grep -q "nodes/s" "$tmp/out" || fail "no nodes/s figure"
    ;;
suite_mismatch)
    printf '# fen\tcounts\n%s\t31 962\n%s\t5\n' \
        "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1" \
        "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1" >"$tmp/suite.tsv"
    run perft --suite "$tmp/suite.tsv" && fail "exit status 0 despite a mismatch"
    grep -q "depth 2 expected 962 got 961" "$tmp/out" || fail "mismatch not reported"
    expect_line "1 passed, 1 failed"
    ;;
suite_missing)
    run perft --suite "$tmp/no-such-file.tsv" && fail "exit status 0 for a missing file"
    grep -q "cannot open" "$tmp/err" || fail "no clear error"
    ;;
pandemonium_count)
    run perft --variant pandemonium --depth 2 || fail "non-zero exit"
    expect_line "Nodes searched: 1444"
    run perft --variant pandemonium --fen "r3k4r/10/10/10/10/10/10/10/10/R3K4R[] w KQkq - 0 1" \
        --depth 1 --divide || fail "non-zero exit"
    expect_line "e1h1: 1"
    expect_line "e1b1: 1"
    run perft --variant mansindam --depth 3 || fail "non-zero exit"
    expect_line "Nodes searched: 32238"
    ;;
pandemonium_suite)
    psuite="$shared/reference/pandemonium-perft.tsv"
    [[ -f "$psuite" ]] || { echo "skipped: no $psuite"; exit 77; }
    run perft --variant pandemonium --suite "$psuite" --max-depth 2 || fail "non-zero exit"
    n=$(grep -c -v -e '^#' -e '^$' "$psuite")
    expect_line "$n passed, 0 failed"
    # A Pandemonium FEN is refused by the Mansindam core, with a clear error.
    run perft --fen "$(sed -n 2p "$psuite" | cut -f1)" --depth 1 && fail "exit 0 for a 10x10 FEN"
    grep -q "invalid FEN" "$tmp/err" || fail "no clear error"
    ;;
bad_variant)
    run perft --variant chess --depth 1 && fail "exit status 0 for an unknown variant"
    grep -q "chess" "$tmp/err" || fail "no clear error naming the variant"
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
echo "ok: $case"
