#!/usr/bin/env bash
# PNG against lossless WebP (release build): generates the default set with both
# formats in all 37 locales, prints the bytes of each format from its manifest, then
# times the two encoders on the same pixels of every PNG of the set (EncodeBenchmark).
#   bash scripts/bench-webp.sh [--levels]   (--levels: also libwebp's presets 0-9)
# SIWA_BUTTONS_BIN: a siwa-buttons already built (any build writes the same bytes),
# else the release one is built.
set -euo pipefail
# The benchmark targets exist only with this set (Package.swift).
export SIWA_BENCHMARKS=1
cd "$(dirname "$0")/.."
source scripts/setup.sh
bin=${SIWA_BUTTONS_BIN:-}
if [ -z "$bin" ]; then
  swift build -c release --product siwa-buttons-full >/dev/null
  bin=.build/release/siwa-buttons-full
fi
swift build -c release --product EncodeBenchmark >/dev/null
out=$(mktemp -d "${TMPDIR:-/tmp}/siwa-bench-webp.XXXXXX")
trap 'rm -rf "$out"' EXIT
start=$(date +%s.%N)
"$bin" generate --formats png,webp --locales all --out "$out/set" >/dev/null
end=$(date +%s.%N)
python3 - "$out/set/manifest.json" "$start" "$end" <<'PY'
import json, sys
files = json.load(open(sys.argv[1]))["files"]
total = {f: sum(e["bytes"] for e in files if e["format"] == f) for f in ("png", "webp")}
count = {f: sum(1 for e in files if e["format"] == f) for f in ("png", "webp")}
print(f"generate --formats png,webp --locales all: {len(files)} images in {float(sys.argv[3]) - float(sys.argv[2]):.1f} s")
print(f"PNG:  {count['png']} files, {total['png']:,} bytes")
print(f"WebP: {count['webp']} files, {total['webp']:,} bytes")
print(f"WebP/PNG bytes: {total['webp'] / total['png']:.3f}")
PY
echo
.build/release/EncodeBenchmark "$out/set/manifest.json" "$@"
