#!/usr/bin/env bash
# Byte comparison of two asset sets, for refactorings that must not change output:
#   scripts/compare-sets.sh BINARY OUT_DIR      writes the comparison set with BINARY
#   scripts/compare-sets.sh --diff DIR_A DIR_B  lists every image file that differs
# The set: every mode, type, style and locale, three sizes, @1x-@3x, PNG, SVG and PDF.
set -euo pipefail
if [ "${1:-}" = "--diff" ]; then
  a=$2 b=$3
  differ=0 total=0
  while IFS= read -r -d '' file; do
    rel=${file#"$a"/}
    total=$((total + 1))
    cmp -s "$file" "$b/$rel" || { echo "differs: $rel"; differ=$((differ + 1)); }
  done < <(find "$a" -type f \( -name '*.png' -o -name '*.svg' -o -name '*.pdf' \) -print0)
  echo "$total image files compared, $differ differ"
  [ "$differ" = 0 ]
  exit
fi
"$1" generate --modes center,left,logo --types sign-in,continue,sign-up --styles black,white,white-outline \
  --locales all --sizes 250x44,375x64r50,140x30 --scales 1,2,3 --formats png,svg,pdf --out "$2" >/dev/null
