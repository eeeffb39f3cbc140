#!/usr/bin/env bash
# Opens a pipeline report in a real browser (Debian's headless Chromium,
# installed by `scripts/setup.sh --with-browser` if missing), saves a
# screenshot of it and checks what the browser rendered: the page's title,
# and every plot of the report drawn as an SVG with its title.
#
#   scripts/report_check.sh RUN_DIR [SCREENSHOT.png]
#
# Exits non-zero naming what is missing.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

run_dir="${1:?usage: scripts/report_check.sh RUN_DIR [SCREENSHOT.png]}"
report="$(realpath "$run_dir")/report.html"
shot="${2:-$run_dir/report.png}"
[[ -f "$report" ]] || { echo "report_check: no report at $report" >&2; exit 1; }
command -v chromium >/dev/null 2>&1 || bash "$REPO_ROOT/scripts/setup.sh" --with-browser

browser=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars
         --user-data-dir="$(mktemp -d)")
dom="$("${browser[@]}" --dump-dom "file://$report" 2>/dev/null)"
"${browser[@]}" --window-size=1100,3000 --screenshot="$(realpath -m "$shot")" \
    "file://$report" >/dev/null 2>&1
[[ -s "$shot" ]] || { echo "report_check: Chromium wrote no screenshot" >&2; exit 1; }

missing=()
for expected in "<title>Pantheon pipeline report</title>" \
    "Elo against the first player (95% error bars)" \
    "Elo against the first player by CPU-hours spent" \
    "Loss by training step"; do
    grep -qF "$expected" <<<"$dom" || missing+=("$expected")
done
plots=$(grep -o "<svg" <<<"$dom" | wc -l)
if [[ ${#missing[@]} -gt 0 || $plots -lt 3 ]]; then
    echo "report_check: the rendered page lacks: ${missing[*]:-} ($plots SVG plots)" >&2
    exit 1
fi
echo "report_check: $report renders with $plots plots (Elo by generation, Elo by CPU-hours," \
    "loss, data); screenshot $shot ($(stat -c %s "$shot") bytes)"
