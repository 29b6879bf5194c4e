#!/usr/bin/env bash
# One version wherever the release names it. The code's (PackageVersion.current in
# Sources/SIWAButtons/Version.swift) must be
#   - CHANGELOG.md's top release, `## [X.Y.Z] - DATE`;
#   - the README's `v=X.Y.Z` line, from which its install lines name the release's files;
#   - every release file or image README.md and docs/{deployment,render,serve,generate,lint,editor,releasing}.md name (`siwa-buttons-X.Y.Z-…`,
#     `siwa-buttons_X.Y.Z-1_…`, `siwa-buttons:X.Y.Z`, `siwa-buttons/X.Y.Z`, …);
#   - with --binary BIN, what `BIN --version` prints;
#   - with --dist DIR, the versions in DIR's file names, and each file the README's
#     install lines name there.
# Each disagreement is one line on stderr; exit 1 if there is any.
#   bash scripts/check-version.sh [--binary BIN] [--dist DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary="" dist=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary=${2:?--binary BIN}; shift 2 ;;
    --dist) dist=${2:?--dist DIR}; shift 2 ;;
    *) echo "usage: check-version.sh [--binary BIN] [--dist DIR]" >&2; exit 2 ;;
  esac
done
failed=0
disagree() { echo "version: $*" >&2; failed=1; }

version=$(sed -n 's/^ *public static let current = "\(.*\)"$/\1/p' "$root/Sources/SIWAButtons/Version.swift")
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "version: no X.Y.Z in Sources/SIWAButtons/Version.swift" >&2; exit 1; }
changelog=$(sed -n 's/^## \[\([0-9][^]]*\)\].*/\1/p' "$root/CHANGELOG.md" | head -n 1)
[ "$changelog" = "$version" ] || disagree "CHANGELOG.md's top release is '$changelog', the code's $version"
readme=$(sed -n 's/^v=\([^ ]*\).*/\1/p' "$root/README.md")
[ "$readme" = "$version" ] || disagree "README.md's install lines say v=${readme:-(none)}, the code's $version"
# Names of release files, images and the Server header in the docs.
while IFS=: read -r file line named; do
  [ "$named" = "$version" ] || disagree "$file:$line names $named, the code's $version"
done < <(cd "$root" && grep -noE 'siwa-buttons(-element|-kit)?[-_:/ ][0-9]+\.[0-9]+\.[0-9]+' README.md docs/deployment.md docs/{render,serve,generate,lint,editor}.md docs/releasing.md \
  | sed -E 's/^([^:]*:[0-9]+:).*[-_:/ ]([0-9]+\.[0-9]+\.[0-9]+)$/\1\2/')
if [ -n "$binary" ]; then
  said=$("$binary" --version 2>&1) || true
  [ "$said" = "$version" ] || disagree "$binary --version says '$said', the code's $version"
fi
if [ -n "$dist" ]; then
  for f in "$dist"/*; do
    name=$(basename "$f")
    while read -r named; do
      [ "$named" = "$version" ] || disagree "$dist/$name is named for $named, the code's $version"
    done < <(grep -oE '[0-9]+\.[0-9]+\.[0-9]+' <<<"$name" || true)
  done
  # Each file the README's install lines name, with its v= line, is in the cut.
  while read -r named; do
    [ -e "$dist/$named" ] || disagree "README.md names $named, which is not in $dist"
  done < <(v=$version; grep -oE 'siwa-buttons[-_a-z]*\$\{?v\}?[-_.a-z0-9]*\.(deb|tar\.gz|tgz|zip)' "$root/README.md" \
    | sed -e "s/\${v}/$v/; s/\$v/$v/" | sort -u)
fi
[ "$failed" = 0 ] || exit 1
echo "ok   one version, $version: the code, CHANGELOG.md, README.md's v= and the docs' file names${binary:+, $(basename "$binary") --version}${dist:+, the files of $dist}"
