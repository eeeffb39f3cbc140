#!/usr/bin/env bash
# Installs the Debian packages Pantheon builds with, only those missing.
# Non-interactive and idempotent: when everything is present it changes nothing
# and never calls apt-get. Uses sudo only when not running as root.
#
#   scripts/setup.sh [--with-slurm] [--with-browser]
#
# --with-slurm also installs a single-node Slurm (slurmctld, slurmd, the
# client commands and munge) for scripts/slurm_test.sh; --with-browser
# Debian's Chromium for scripts/report_check.sh.
set -euo pipefail

with_slurm=0
with_browser=0
for arg in "$@"; do
    case "$arg" in
        --with-slurm) with_slurm=1 ;;
        --with-browser) with_browser=1 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "setup: unknown option $arg" >&2; exit 2 ;;
    esac
done

PACKAGES=(
    build-essential
    cmake
    pkg-config
    libeigen3-dev
    libtbb-dev
    libcli11-dev
    libzstd-dev
    libxxhash-dev
    nlohmann-json3-dev
    libgtest-dev
    python3          # tests/cli/doc_commands.py (the documentation against the binary)
    clang            # the fuzz targets (scripts/fuzz.sh, run by scripts/test.sh)
    libclang-rt-dev  # libFuzzer and clang's sanitizer runtimes
)
if [[ $with_slurm -eq 1 ]]; then
    PACKAGES+=(slurmctld slurmd slurm-client munge)
fi
if [[ $with_browser -eq 1 ]]; then
    PACKAGES+=(chromium)
fi

is_installed() {
    [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]
}

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "setup: this script needs a Debian-based system (dpkg/apt-get)" >&2
    exit 1
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
    is_installed "$pkg" || missing+=("$pkg")
done

if [[ ${#missing[@]} -eq 0 ]]; then
    echo "setup: all build dependencies are installed"
    exit 0
fi

echo "setup: installing ${missing[*]}"
if [[ $(id -u) -eq 0 ]]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    echo "setup: not root and sudo is not available; install as root: ${missing[*]}" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null

for pkg in "${missing[@]}"; do
    if ! is_installed "$pkg"; then
        echo "setup: $pkg is still missing after apt-get install" >&2
        exit 1
    fi
done
echo "setup: done"
