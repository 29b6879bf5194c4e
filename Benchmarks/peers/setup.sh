#!/usr/bin/env bash
# Our renderer beside resvg and Skia (scripts/bench_peers.py): installs resvg-py and
# skia-python from PyPI into a virtual environment (kept in ~/.cache), builds the release
# siwa-buttons and RenderBenchmark, prints the table with ratios and checks
# Benchmarks/Thresholds/peers.json.
#   bash scripts/bench-peers.sh [ROUNDS]   (default 40)
set -euo pipefail
# The benchmark targets exist only with this set (Package.swift).
export SIWA_BENCHMARKS=1
cd "$(dirname "$0")/.."
source scripts/setup.sh
venv=${XDG_CACHE_HOME:-$HOME/.cache}/siwa-buttons/peer-venv
if [ ! -x "$venv/bin/python" ]; then
  apt_install_missing python3-venv 2>/dev/null || true
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check resvg-py==0.5.0 skia-python==144.1
swift build -c release --product RenderBenchmark >/dev/null
swift build -c release --product siwa-buttons-full >/dev/null
bin=$(swift build -c release --show-bin-path)
"$venv/bin/python" scripts/bench_peers.py "$bin/RenderBenchmark" "$bin/siwa-buttons-full" "${1:-40}"
