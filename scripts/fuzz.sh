#!/usr/bin/env bash
# Fuzzes every parser of outside input with libFuzzer (needs clang and its
# runtime: scripts/setup.sh installs them). docs/TESTING.md ("Fuzzing") says
# what each target feeds.
#
#   scripts/fuzz.sh [SECONDS] [--target NAME]... [--build-dir DIR]
#
# Builds the "fuzz" preset (only the fuzz targets and what they link), or the
# fuzz targets of DIR, a tree already configured with PANTHEON_FUZZ=ON (the
# "sanitize" preset is: scripts/test.sh fuzzes there), makes
# the seed corpora, then runs each target for SECONDS (default 300) on one
# core, one after the other: fen_fuzz, net_file_fuzz, data_file_fuzz,
# uci_fuzz, config_fuzz (--target picks some). New inputs accumulate in
# build/fuzz/corpus/NAME; crash, timeout and out-of-memory inputs are kept in
# build/fuzz/crashes (NAME-crash-..., reproduce with build/fuzz/NAME FILE);
# logs in build/fuzz/logs. Exits non-zero if any target found a crash.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$REPO_ROOT"

ALL_TARGETS=(fen_fuzz net_file_fuzz data_file_fuzz uci_fuzz config_fuzz)
# Per input: a run past this many seconds is a hang; past this many MB of
# memory an out-of-memory failure.
INPUT_TIMEOUT_S=30
RSS_LIMIT_MB=2560

seconds=300
targets=()
given_build_dir=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --target) targets+=("${2:?--target needs a name}"); shift 2 ;;
        --build-dir) given_build_dir="${2:?--build-dir needs a directory}"; shift 2 ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *[!0-9]*|"") echo "fuzz: unknown argument $1" >&2; exit 2 ;;
        *) seconds="$1"; shift ;;
    esac
done
[[ ${#targets[@]} -gt 0 ]] || targets=("${ALL_TARGETS[@]}")
for t in "${targets[@]}"; do
    [[ " ${ALL_TARGETS[*]} " == *" $t "* ]] ||
        { echo "fuzz: unknown target $t (targets: ${ALL_TARGETS[*]})" >&2; exit 2; }
done

if [[ -n "$given_build_dir" ]]; then
    build_dir="$(cd "$given_build_dir" 2>/dev/null && pwd)" ||
        { echo "fuzz: no build directory $given_build_dir" >&2; exit 2; }
    grep -q '^PANTHEON_FUZZ:BOOL=ON' "$build_dir/CMakeCache.txt" 2>/dev/null ||
        { echo "fuzz: $build_dir is not configured with PANTHEON_FUZZ=ON" >&2; exit 2; }
else
    build_dir="${PANTHEON_FUZZ_BUILD_DIR:-$REPO_ROOT/build/fuzz}"
fi
seeds="$build_dir/seeds"
corpus="$build_dir/corpus"
crashes="$build_dir/crashes"
logs="$build_dir/logs"

step "Configure and build the fuzz targets ($build_dir, $JOBS jobs)"
[[ -n "$given_build_dir" ]] || cmake --preset fuzz -B "$build_dir" >/dev/null
cmake --build "$build_dir" --target fuzz_all -j "$JOBS"

# --- seed corpora -----------------------------------------------------------
# Each seed file is named by a hash of its content: reruns add nothing twice.
seed() {  # seed TARGET: stdin becomes one seed of TARGET
    local tmp name
    tmp=$(mktemp "$seeds/$1/.new.XXXXXX")
    cat >"$tmp"
    name=$(sha1sum <"$tmp" | cut -c1-16)
    mv "$tmp" "$seeds/$1/$name"
}
# FENs: the first field of each line of the reference and opening files.
shared_fens() {
    local file
    for file in "$SHARED_DIR"/reference/*-perft.tsv "$SHARED_DIR"/openings/*.epd; do
        if [[ -f "$file" ]]; then grep -v '^#' "$file" | cut -f1; fi
    done
}

make_seeds() {
    rm -rf "$seeds"
    mkdir -p "$corpus" "$crashes" "$logs"
    local t
    for t in "${ALL_TARGETS[@]}"; do mkdir -p "$seeds/$t" "$corpus/$t"; done
    # fen_fuzz: every game's start position (`pantheon games`: name, board,
    # start position) and every FEN of ../shared.
    { "$build_dir/pantheon" games | cut -f3; shared_fens; } | sort -u |
        while IFS= read -r fen; do printf '%s' "$fen" | seed fen_fuzz; done

    # net_file_fuzz: all-zero nets (whole files and their weights), and the
    # first 4 KiB of each built-in net (mode byte 0: a whole file).
    "$build_dir/fuzz_seeds" net "$seeds/net_file_fuzz"
    local net
    for net in nnue/nets/*.nnue; do
        { printf '\0'; head -c 4096 "$net"; } | seed net_file_fuzz
    done

    # data_file_fuzz: tiny self-play runs of both games, and the test
    # fixtures; whole files (mode byte 0) and their chunk payloads (1).
    local games="$build_dir/selfplay-seeds" variant file
    rm -rf "$games"
    for variant in $("$build_dir/pantheon" games | cut -f1); do
        "$build_dir/pantheon" selfplay --variant "$variant" --games 4 --chunk-games 2 \
            --nodes 40 --max-plies 60 --threads 1 --hash 1 --progress false \
            --out "$games/$variant" >/dev/null
    done
    for file in "$games"/*/*.pgd tests/data/fixtures/*.pgd; do
        { printf '\0'; cat "$file"; } | seed data_file_fuzz
    done
    "$build_dir/fuzz_seeds" data "$seeds/data_file_fuzz" "$games"/*/*.pgd tests/data/fixtures/*.pgd

    # uci_fuzz: the recorded sessions, and every eighth position of the
    # ../shared divide files with one of its moves (a session costs a
    # fraction of a second: the engine starts and loads its net).
    for file in tests/fuzz/seeds/uci/*.txt; do seed uci_fuzz <"$file"; done
    for file in "$SHARED_DIR"/reference/*-divide.tsv; do
        [[ -f "$file" ]] || continue
        grep -v '^#' "$file" | awk -F'\t' '!seen[$1]++ && n++ % 8 == 0 { print $1 "\t" $3 }' |
            while IFS=$'\t' read -r fen move; do
                printf 'position fen %s moves %s\nd\ngo perft 1\ngo depth 1\n' "$fen" "$move" |
                    seed uci_fuzz
            done
    done

    # config_fuzz: the project's config files.
    for file in configs/*.toml; do seed config_fuzz <"$file"; done
}

step "Seed corpora ($seeds)"
make_seeds
for t in "${ALL_TARGETS[@]}"; do
    printf '  %-15s %4d seeds\n' "$t" "$(find "$seeds/$t" -type f | wc -l)"
done

# --- runs ---------------------------------------------------------------------
declare -A dict=([fen_fuzz]=fen.dict [uci_fuzz]=uci.dict [config_fuzz]=toml.dict)
declare -A max_len=([fen_fuzz]=512 [net_file_fuzz]=8192 [data_file_fuzz]=16384
                    [uci_fuzz]=4096 [config_fuzz]=4096)
failed=()
summary=()
marker="$build_dir/.fuzz-run-start"
touch "$marker"
for t in "${targets[@]}"; do
    step "Fuzzing $t for $seconds s"
    args=(-max_total_time="$seconds" -max_len="${max_len[$t]}" -timeout="$INPUT_TIMEOUT_S"
          -rss_limit_mb="$RSS_LIMIT_MB" -artifact_prefix="$crashes/$t-" -print_final_stats=1)
    [[ -n "${dict[$t]:-}" ]] && args+=(-dict="tests/fuzz/${dict[$t]}")
    started=$SECONDS
    if "$build_dir/$t" "${args[@]}" "$corpus/$t" "$seeds/$t" >"$logs/$t.log" 2>&1; then
        result=ok
    else
        result="FAILED (see $logs/$t.log)"
        failed+=("$t")
    fi
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$logs/$t.log" | tail -1)
    grep -E '^(==[0-9]+==ERROR|SUMMARY|.*_fuzz: )' "$logs/$t.log" | head -5 || true
    summary+=("$(printf '%-15s %10s runs %5d s  %s' "$t" "${execs:-?}" $((SECONDS - started)) "$result")")
done

step "Summary"
printf '%s\n' "${summary[@]}"
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "new crash inputs in $crashes:"
    find "$crashes" -type f -newer "$marker" -printf '  %f\n'
    exit 1
fi
echo "no crashes"
