#!/usr/bin/env bash
# Whole-process start-up: `siwa-buttons render` of one 375x64 button to a PNG file,
# beside `rsvg-convert` drawing our SVG of the same button to a PNG, and `--help`
# (the process alone), measured side by side by hyperfine in one run. The figure to
# read is the ratio to rsvg-convert (this VM's speed varies between runs).
#   bash scripts/bench-start.sh            # RUNS=200 by default
# Uses the static-stdlib release binary of scripts/install.sh (.build-release).
set -euo pipefail
cd "$(dirname "$0")/.."
SIWA_SETUP_EXTRA="hyperfine" source scripts/setup.sh
source scripts/release-build.sh
"${release_build[@]}" >/dev/null
bin="$("${release_build[@]}" --show-bin-path)/siwa-buttons"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
target='/appleid/button?width=375&height=64'
"$bin" render "$target&format=svg" -o "$tmp/button.svg"
runs=${RUNS:-200}
hyperfine -N --warmup 10 --runs "$runs" --export-json "$tmp/start.json" \
  -n siwa-buttons "$bin render $target -o $tmp/ours.png" \
  -n rsvg-convert "rsvg-convert $tmp/button.svg -o $tmp/rsvg.png" \
  -n help "$bin --help"
python3 - "$tmp/start.json" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
ours, rsvg = r["siwa-buttons"]["median"], r["rsvg-convert"]["median"]
print(f"median: siwa-buttons render {ours*1000:.1f} ms, rsvg-convert {rsvg*1000:.1f} ms, "
      f"--help {r['help']['median']*1000:.1f} ms; siwa-buttons / rsvg-convert = {ours/rsvg:.2f}")
PY
