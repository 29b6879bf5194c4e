#!/usr/bin/env bash
# Byte comparison of two asset sets, for refactorings that must not change output:
#   scripts/compare-sets.sh BINARY OUT_DIR      writes the comparison set with BINARY
#   scripts/compare-sets.sh --diff DIR_A DIR_B  lists every image file that differs
#   scripts/compare-sets.sh --pixels DIR_A DIR_B  the same, but a PNG or WebP whose bytes
#       differ counts as the same when it decodes to the same RGBA (Pillow; colour under
#       clear pixels aside), for a change of a writer; their bytes are summed per format
# The set: every mode, type, style and locale, three sizes, @1x-@3x, PNG, WebP, SVG and PDF.
set -euo pipefail
if [ "${1:-}" = "--diff" ] || [ "${1:-}" = "--pixels" ]; then
  mode=$1 a=$2 b=$3
  differ=0 total=0 recoded=()
  while IFS= read -r -d '' file; do
    rel=${file#"$a"/}
    total=$((total + 1))
    cmp -s "$file" "$b/$rel" && continue
    if [ "$mode" = --pixels ] && { [ "${rel%.png}" != "$rel" ] || [ "${rel%.webp}" != "$rel" ]; } && [ -f "$b/$rel" ]; then
      recoded+=("$rel")
      continue
    fi
    echo "differs: $rel"
    differ=$((differ + 1))
  done < <(find "$a" -type f \( -name '*.png' -o -name '*.webp' -o -name '*.svg' -o -name '*.pdf' \) -print0)
  if [ ${#recoded[@]} -gt 0 ]; then
    result=$(printf '%s\0' "${recoded[@]}" | python3 -c '
import sys
from PIL import Image
a, b = sys.argv[1:3]
def rgba(path):
    image = Image.open(path).convert("RGBA")
    # A lossless WebP writer may keep any colour under a clear pixel: make it 0, as in our files.
    clear = Image.new("RGBA", image.size, 0)
    return image.size, Image.composite(image, clear, image.getchannel("A").point(lambda v: 255 if v else 0)).tobytes()
differ, sizes = 0, {}
for rel in sys.stdin.read().split("\0")[:-1]:
    kind = rel.rsplit(".", 1)[1]
    count, bytes_a, bytes_b = sizes.get(kind, (0, 0, 0))
    sizes[kind] = (count + 1, bytes_a + len(open(a + "/" + rel, "rb").read()), bytes_b + len(open(b + "/" + rel, "rb").read()))
    if rgba(a + "/" + rel) != rgba(b + "/" + rel):
        print("differs (pixels): " + rel, file=sys.stderr)
        differ += 1
for kind, (count, bytes_a, bytes_b) in sorted(sizes.items()):
    print(f"{count} {kind.upper()} files with other bytes: {bytes_a} bytes -> {bytes_b} ({bytes_b / bytes_a:.3f})")
print(f"{differ} with other pixels")
print(differ)' "$a" "$b")
    sed '$d' <<<"$result"
    differ=$((differ + $(tail -n 1 <<<"$result")))
  fi
  echo "$total image files compared, $differ differ"
  [ "$differ" = 0 ]
  exit
fi
"$1" generate --modes center,left,logo --types sign-in,continue,sign-up --styles black,white,white-outline \
  --locales all --sizes 250x44,375x64r50,140x30 --scales 1,2,3 --formats png,webp,svg,pdf --out "$2" >/dev/null
