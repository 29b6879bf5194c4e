#!/usr/bin/env bash
# Byte comparison of two asset sets, for refactorings that must not change output:
#   scripts/compare-sets.sh BINARY OUT_DIR      writes the comparison set with BINARY
#   scripts/compare-sets.sh --diff DIR_A DIR_B  lists every image file that differs
#   scripts/compare-sets.sh --pixels DIR_A DIR_B  the same, but a PNG whose bytes differ
#       counts as the same when it decodes to the same RGBA (Pillow), for a change of the
#       PNG writer; the bytes of those PNGs are summed for both sets
# The set: every mode, type, style and locale, three sizes, @1x-@3x, PNG, SVG and PDF.
set -euo pipefail
if [ "${1:-}" = "--diff" ] || [ "${1:-}" = "--pixels" ]; then
  mode=$1 a=$2 b=$3
  differ=0 total=0 recoded=()
  while IFS= read -r -d '' file; do
    rel=${file#"$a"/}
    total=$((total + 1))
    cmp -s "$file" "$b/$rel" && continue
    if [ "$mode" = --pixels ] && [ "${rel%.png}" != "$rel" ] && [ -f "$b/$rel" ]; then
      recoded+=("$rel")
      continue
    fi
    echo "differs: $rel"
    differ=$((differ + 1))
  done < <(find "$a" -type f \( -name '*.png' -o -name '*.svg' -o -name '*.pdf' \) -print0)
  if [ ${#recoded[@]} -gt 0 ]; then
    pixels=$(printf '%s\0' "${recoded[@]}" | python3 -c '
import sys
from PIL import Image
a, b = sys.argv[1:3]
differ = bytes_a = bytes_b = 0
for rel in sys.stdin.read().split("\0")[:-1]:
    x, y = Image.open(a + "/" + rel), Image.open(b + "/" + rel)
    bytes_a += len(open(a + "/" + rel, "rb").read())
    bytes_b += len(open(b + "/" + rel, "rb").read())
    if x.size != y.size or x.convert("RGBA").tobytes() != y.convert("RGBA").tobytes():
        print("differs (pixels): " + rel, file=sys.stderr)
        differ += 1
print(differ, bytes_a, bytes_b)' "$a" "$b")
    read -r pixel_differ bytes_a bytes_b <<<"$pixels"
    differ=$((differ + pixel_differ))
    echo "${#recoded[@]} PNGs with other bytes: $pixel_differ with other pixels;" \
      "$bytes_a bytes -> $bytes_b ($(python3 -c "print(f'{$bytes_b / $bytes_a:.3f}')"))"
  fi
  echo "$total image files compared, $differ differ"
  [ "$differ" = 0 ]
  exit
fi
"$1" generate --modes center,left,logo --types sign-in,continue,sign-up --styles black,white,white-outline \
  --locales all --sizes 250x44,375x64r50,140x30 --scales 1,2,3 --formats png,svg,pdf --out "$2" >/dev/null
