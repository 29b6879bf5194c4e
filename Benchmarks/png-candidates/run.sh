#!/usr/bin/env bash
# bench: the PNG writer candidates (libpng + zlib, ours with and without a filter, libdeflate 1/6/12) on the same pixels
# The PNG writer candidates (main.c beside this file) on 375x64 @1x and @6x:
# compiled here with the toolchain's clang at -O3 (as a release build vectorizes), against
# Sources/CPNGWriter, CHuffman and libpng's writer (Tools/CComparisonWriters); the buttons are drawn by a release siwa-buttons (SIWA_BUTTONS_BIN,
# else built). Prints a table per button: median encode time and bytes.
#   bash Benchmarks/run.sh png-candidates
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/setup.sh
bin=${SIWA_BUTTONS_BIN:-}
if [ -z "$bin" ]; then
  swift build -c release --product siwa-buttons >/dev/null
  bin=.build/release/siwa-buttons
fi
cc=$(command -v clang || echo /opt/swift/usr/bin/clang)
work=$(mktemp -d "${TMPDIR:-/tmp}/siwa-png-candidates.XXXXXX")
trap 'rm -rf "$work"' EXIT
src=Sources/CPNGWriter huffman=Sources/CHuffman comparison=Tools/CComparisonWriters
"$cc" -O3 -w -I"$src/include" -I"$src" -I"$huffman/include" -I"$comparison/include" Benchmarks/png-candidates/main.c \
  "$comparison/libpng_writer.c" "$src/siwa_png_deflate.c" "$src/siwa_runs.c" "$huffman/siwa_huffman.c" \
  -lpng -lz -ldeflate -lpthread -o "$work/candidates"
for scale in 1 6; do
  "$bin" render "/appleid/button?width=375&height=64&scale=$scale" -o "$work/b.png"
  echo; echo "375x64 @${scale}x"; echo "| writer | median | bytes |"; echo "|---|---:|---:|"
  "$work/candidates" "$work/b.png"
done
