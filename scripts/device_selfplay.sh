#!/usr/bin/env bash
# Self-play (or rescoring) on a lent machine with many cores, its chunks
# brought back into a run on this one. Three stages:
#
#   here:   bash scripts/device_selfplay.sh prepare
#           Builds a portable binary (x86-64-v3, no -march=native: the lent
#           machine's processor may differ) and puts it, the shared libraries
#           it needs beside Debian's, and the built-in nets into .device/
#           (ignored by git), which the remote command carries. The
#           outside engine of ../shared/opponents goes too: only the
#           repository travels, and a run's anchor names that path.
#   there:  bash scripts/device_selfplay.sh run SECONDS DIR -- SUBCOMMAND ARGS...
#           Runs `pantheon SUBCOMMAND ARGS... --out DIR --threads <all cores>`
#           for at most SECONDS, then packs the complete chunk files and the
#           manifest of DIR into $OUT (files of at most 15 MiB: the transfer
#           takes 8 files of 16 MiB). A chunk cut short by the time limit is
#           left out; its game indices are played by whoever resumes the run.
#   here:   bash scripts/device_selfplay.sh collect FILES_AT DEST
#           Unpacks the brought-back chunks into DEST after `pantheon data
#           verify` accepted each one, and refuses a manifest that differs
#           from DEST's.
#
# A whole loop can run there too, every step on all its cores:
#   there:  bash scripts/device_selfplay.sh pipeline SECONDS -- --config FILE --dir RUN ...
#           Runs (or resumes) `pantheon pipeline ... --threads <all cores>
#           --concurrency <all cores>` for at most SECONDS, then packs RUN
#           (without training checkpoints) into $OUT. A step cut short by
#           the time limit is resumed by the next run of the same command.
#   here:   bash scripts/device_selfplay.sh collect-run FILES_AT
#           Unpacks the run into its place here, refusing one whose recorded
#           settings differ from a run already there; the same pipeline
#           command then continues it on this machine.
#
# Self-play chunks depend only on the settings, the binary's search and their
# game indices, never on the machine or the thread count, so chunks played
# there with the run's own settings (the same --games, --seed, --nodes ...,
# e.g. the arguments in RUN/logs/gen-N.selfplay.log) are the very files the
# run would write here: collected into RUN/data/gen-N, the pipeline's
# self-play step keeps them and plays only what is missing. The manifest
# holds a fingerprint of the engine's search results, so a binary that
# searched differently is refused when the step resumes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$REPO_ROOT"

CARRY=.device
PART_BYTES=$((15 * 1024 * 1024))

usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 2
}

prepare() {
    local build=build/portable
    cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DPANTHEON_NATIVE=OFF \
        -DCMAKE_CXX_FLAGS="-march=x86-64-v3" -DPANTHEON_TESTS=OFF >/dev/null
    cmake --build "$build" --target pantheon -j "$JOBS"
    rm -rf "$CARRY"
    mkdir -p "$CARRY/lib"
    cp "$build/pantheon" "$CARRY/pantheon"
    # Libraries the lent machine's image may lack (glibc and libstdc++ it has).
    for lib in libtbb.so.12 libzstd.so.1 libxxhash.so.0; do
        cp -L "$(ldconfig -p | awk -v l="$lib" '$1 == l {print $NF; exit}')" "$CARRY/lib/$lib"
    done
    cp nnue/nets/*.nnue "$CARRY/"
    if [[ -d ../shared/opponents ]]; then
        cp -r ../shared/opponents "$CARRY/opponents"
        chmod -R u+w "$CARRY/opponents"
    fi
    grep -qxF "/$CARRY/" .git/info/exclude 2>/dev/null || echo "/$CARRY/" >>.git/info/exclude
    echo "prepared $CARRY ($(du -sh "$CARRY" | cut -f1)); carry it: carry=[\"$CARRY\"]"
}

# There: $OUT and the carried binary must be present.
require_carry() {
    : "${OUT:?OUT must name the folder whose files come back}"
    [[ -x "$CARRY/pantheon" ]] || { echo "error: $CARRY/pantheon missing: run prepare here and carry $CARRY" >&2; exit 2; }
    # The anchor engine where the run's settings name it (../shared/opponents).
    if [[ -d "$CARRY/opponents" && ! -e ../shared/opponents ]]; then
        mkdir -p ../shared
        cp -r "$CARRY/opponents" ../shared/opponents
    fi
}

# There: the carried binary with its libraries, for at most SECONDS.
run_carried() {
    local seconds="$1"
    shift
    LD_LIBRARY_PATH="$PWD/$CARRY/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
        timeout --signal=TERM --kill-after=10 "$seconds" "$CARRY/pantheon" "$@"
}

# Here: the parts FROM/NAME.part-* unpacked into $STAGING (removed on exit).
unpack_parts() {
    local from="$1" name="$2"
    local parts=("$from"/"$name".part-*)
    [[ -e "${parts[0]}" ]] || { echo "error: no $name.part-* in $from" >&2; exit 1; }
    STAGING=$(mktemp -d)
    trap 'rm -rf "$STAGING"' EXIT
    cat "${parts[@]}" | tar -C "$STAGING" -xf -
}

run_there() {
    local seconds="$1" dir="$2"
    shift 2
    [[ "${1:-}" == "--" ]] && shift
    [[ $# -ge 1 ]] || usage
    require_carry
    mkdir -p "$dir"
    local status=0
    run_carried "$seconds" "$@" --out "$dir" --threads "$(nproc)" --progress false || status=$?
    # 124: the time limit; the complete chunks are kept all the same.
    if [[ $status -ne 0 && $status -ne 124 ]]; then
        echo "error: pantheon $1 failed with status $status" >&2
        exit "$status"
    fi
    local files=()
    while IFS= read -r f; do files+=("$f"); done < <(cd "$dir" && ls -1 | grep -E '\.pgd$|manifest' || true)
    [[ ${#files[@]} -gt 0 ]] || { echo "no complete chunk in $seconds s" >&2; exit 1; }
    tar -C "$dir" -cf - "${files[@]}" | split -b "$PART_BYTES" -d -a 2 - "$OUT/chunks.tar.part-"
    echo "packed ${#files[@]} files of $dir into $(ls "$OUT" | wc -l) part(s) (status $status)"
}

# The value of --dir among pipeline arguments.
run_dir_of() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --dir) echo "$2"; return ;;
            --dir=*) echo "${1#--dir=}"; return ;;
        esac
        shift
    done
}

pipeline_there() {
    local seconds="$1"
    shift
    [[ "${1:-}" == "--" ]] && shift
    require_carry
    local dir
    dir=$(run_dir_of "$@")
    [[ -n "$dir" ]] || { echo "error: the pipeline arguments name no --dir" >&2; exit 2; }
    local status=0
    run_carried "$seconds" pipeline "$@" --threads "$(nproc)" --concurrency "$(nproc)" \
        >"$OUT/pipeline.log" 2>&1 || status=$?
    if [[ $status -ne 0 && $status -ne 124 ]]; then
        echo "pipeline stopped with status $status (see pipeline.log); packing what it finished" >&2
    fi
    [[ -f "$dir/pipeline-settings.txt" ]] || { echo "error: no run in $dir" >&2; exit 1; }
    tar -cf - --exclude='*.ckpt' --exclude='.*.lock' --exclude='.lock' "$dir" |
        split -b "$PART_BYTES" -d -a 2 - "$OUT/run.tar.part-"
    echo "packed $dir into $(ls "$OUT"/run.tar.part-* | wc -l) part(s) (status $status)"
    cat "$dir/elo.tsv" 2>/dev/null || true
}

collect_run() {
    unpack_parts "$1" run.tar
    local settings
    settings=$(cd "$STAGING" && find . -name pipeline-settings.txt | head -1)
    [[ -n "$settings" ]] || { echo "error: the brought-back files hold no run" >&2; exit 1; }
    local dir
    dir=$(dirname "${settings#./}")
    if [[ -e "$dir/pipeline-settings.txt" ]] && ! cmp -s "$STAGING/$dir/pipeline-settings.txt" "$dir/pipeline-settings.txt"; then
        echo "error: $dir holds a run with other settings" >&2
        exit 1
    fi
    mkdir -p "$dir"
    cp -a "$STAGING/$dir/." "$dir/"
    echo "collected the run into $dir; continue it with the same pipeline command"
}

collect() {
    local dest="$2"
    unpack_parts "$1" chunks.tar
    local staging="$STAGING"
    local binary="${PANTHEON_BIN:-$REPO_ROOT/build/release/pantheon}"
    mkdir -p "$dest"
    for m in "$staging"/*manifest*; do
        [[ -e "$m" ]] || continue
        local name
        name=$(basename "$m")
        if [[ -e "$dest/$name" ]] && ! cmp -s "$m" "$dest/$name"; then
            echo "error: $dest/$name differs from the brought-back one: other settings" >&2
            diff "$dest/$name" "$m" >&2 || true
            exit 1
        fi
        cp "$m" "$dest/$name"
    done
    local added=0
    for chunk in "$staging"/*.pgd; do
        [[ -e "$chunk" ]] || continue
        local name
        name=$(basename "$chunk")
        [[ -e "$dest/$name" ]] && continue
        local report
        report=$("$binary" data verify "$chunk" 2>&1) || {
            echo "error: $name failed verification:" >&2
            echo "$report" >&2
            exit 1
        }
        cp "$chunk" "$dest/.$name.collect"
        mv "$dest/.$name.collect" "$dest/$name"
        added=$((added + 1))
    done
    echo "collected $added new chunk(s) into $dest"
}

case "${1:-}" in
    prepare) prepare ;;
    run) [[ $# -ge 4 ]] || usage; shift; run_there "$@" ;;
    collect) [[ $# -eq 3 ]] || usage; collect "$2" "$3" ;;
    pipeline) [[ $# -ge 3 ]] || usage; shift; pipeline_there "$@" ;;
    collect-run) [[ $# -eq 2 ]] || usage; collect_run "$2" ;;
    *) usage ;;
esac
