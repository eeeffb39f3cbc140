#!/usr/bin/env bash
# Fuzzes the FEN parser with libFuzzer (needs clang and libclang-rt-dev).
#   scripts/fuzz.sh [SECONDS]    default 300
# Builds the "fuzz" preset, seeds a corpus with every FEN of ../shared, and
# runs tests/fuzz/fen_fuzz on one core. Crash inputs land in build/fuzz/crashes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$REPO_ROOT"

seconds="${1:-300}"
build_dir="${PANTHEON_FUZZ_BUILD_DIR:-$REPO_ROOT/build/fuzz}"

step "Configure and build the fuzz target ($build_dir)"
cmake --preset fuzz -B "$build_dir"
cmake --build "$build_dir" --target fen_fuzz -j "$JOBS"

corpus="$build_dir/corpus/fen"
crashes="$build_dir/crashes"
mkdir -p "$corpus" "$crashes"
# One seed file per FEN; names are content hashes so reruns add nothing twice.
seed() {
    local fen="$1"
    local name
    name=$(printf '%s' "$fen" | sha1sum | cut -c1-16)
    printf '%s' "$fen" > "$corpus/$name"
}
seed "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1"
for file in "$SHARED_DIR/reference/mansindam-perft.tsv" "$SHARED_DIR/openings/mansindam-book.epd"; do
    [[ -f "$file" ]] || continue
    while IFS=$'\t' read -r fen _; do
        [[ -z "$fen" || "$fen" == \#* ]] && continue
        seed "$fen"
    done < "$file"
done

step "Fuzzing for $seconds s (corpus $corpus)"
"$build_dir/fen_fuzz" "$corpus" -dict="$REPO_ROOT/tests/fuzz/fen.dict" \
    -max_total_time="$seconds" -max_len=512 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$crashes/" -print_final_stats=1
