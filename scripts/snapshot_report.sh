#!/usr/bin/env bash
# Keeps a run's report in docs/reports/ without its bulk: report.html and
# elo.tsv are copied as NAME-report.html and NAME-elo.tsv. The games pages a
# report links to (RUN/matches/gen-N.html, megabytes each) stay in the run
# directory, so the copy shows each gate's W-L-D as plain text instead of a
# link that would lead nowhere.
#
#   scripts/snapshot_report.sh RUN_DIR NAME      e.g. runs/pand-loop-2 pand-loop-2
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

run_dir="${1:?usage: scripts/snapshot_report.sh RUN_DIR NAME}"
name="${2:?usage: scripts/snapshot_report.sh RUN_DIR NAME}"
[[ "$name" =~ ^[A-Za-z0-9._-]+$ ]] || { echo "snapshot_report: bad name '$name'" >&2; exit 2; }
for f in report.html elo.tsv; do
    [[ -f "$run_dir/$f" ]] || { echo "snapshot_report: no $f in $run_dir" >&2; exit 1; }
done

out="$REPO_ROOT/docs/reports"
mkdir -p "$out"
tmp="$(mktemp "$out/.$name.XXXXXX")"
trap 'rm -f "$tmp"' EXIT
sed -E 's#<a href="matches/[^"]*"[^>]*>([^<]*)</a>#\1#g' "$run_dir/report.html" >"$tmp"
if grep -q 'href="matches/' "$tmp"; then
    echo "snapshot_report: a link to the run's games pages is left in the copy" >&2
    exit 1
fi
chmod 644 "$tmp"  # mktemp's file is private; the copy is a document like the others
mv "$tmp" "$out/$name-report.html"
cp "$run_dir/elo.tsv" "$out/$name-elo.tsv"
echo "snapshot_report: $out/$name-report.html and $out/$name-elo.tsv"
